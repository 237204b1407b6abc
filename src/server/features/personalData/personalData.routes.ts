import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EraseInput, EraseResult, EraseUserIdParam, PersonalDataQuery } from '../../../domain/wire/personalData.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/guard.js';
import { erasePerson } from './erasure.service.js';
import { personalDataFile } from './personalDataExport.service.js';

/** The file is sent as bytes (a Buffer), so no JSON serializer touches it. */
type RawBody = string | Uint8Array;
const asFile = { schema: z.string() as unknown as z.ZodType<RawBody> };

/** People's own data (issue 25): a person downloads it; an admin erases a person. */
export const personalDataRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/me/data', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['users'],
      summary: "Everything Hotdesk holds about the caller: format=json (one document with a Version field) or format=csv (the bookings only). At most 5 downloads per person and hour.",
      querystring: PersonalDataQuery,
      response: { 200: { description: 'The data, as an attachment', content: { 'application/json': asFile, 'text/csv': asFile } } },
    },
  }, async (request, reply) => {
    const file = await personalDataFile(deps, requireUser(request), request.query.format);
    return reply
      .header('Content-Type', file.contentType)
      .header('Content-Disposition', `attachment; filename="${file.filename}"`)
      .header('Cache-Control', 'no-store')
      .send(file.body);
  });

  app.post('/api/admin/people/:userId/erase', {
    config: { access: 'admin' },
    schema: {
      tags: ['users'],
      summary: "Erase a person (body Confirm: their e-mail): future bookings cancelled, personal fields removed or anonymised everywhere, sessions and subscriptions deleted. 400 for oneself or a wrong Confirm; 409 when already erased. Answers what was erased.",
      params: EraseUserIdParam, body: EraseInput, response: { 200: EraseResult },
    },
  }, async (request) => {
    const admin = requireUser(request);
    const result = await erasePerson(deps, admin, request.params.userId, request.body.Confirm);
    // The audit line names accounts by id only: the person's name and e-mail are what was just erased.
    request.log.info({ event: 'person.erased', adminId: admin.id, userId: result.UserId, erased: result.Erased }, 'person erased');
    return result;
  });
};
