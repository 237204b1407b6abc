import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam } from '../../../domain/wire/common.js';
import {
  AdminClosure, Closure, CLOSURE_LIMITS, ClosureCreated, ClosureImportInput, ClosureImportPreview, ClosureInput, ClosurePreview,
  ClosureRangeQuery, CreateClosureInput,
} from '../../../domain/wire/closures.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/guard.js';
import { noContentResponse } from '../../http/openApiResponses.js';
import * as service from './closures.service.js';

/**
 * Closures (issue 22). Admins list, preview, create (cancelling what the closure covers), delete and
 * import holidays; anyone signed in reads the closures of the places they may choose, for drawing closed places and days.
 */
export const closuresRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['closures'];

  app.get('/api/closures', {
    config: { access: 'signedIn' },
    schema: {
      tags, summary: "A site's closures over [from, to), each yearly one once per year it touches (that year's Start/End), with only the places the caller may choose; no creator; 404 where the caller may choose nothing",
      querystring: ClosureRangeQuery, response: { 200: z.array(Closure) },
    },
  }, async (request) => service.listForScreens(deps, requireUser(request), request.query));

  app.get('/api/closures/manage', {
    config: { access: 'admin' },
    schema: { tags, summary: "A site's closures over [from, to), with who made them", querystring: ClosureRangeQuery, response: { 200: z.array(AdminClosure) } },
  }, async (request) => service.listForAdmin(deps, request.query));

  app.post('/api/closures/preview', {
    config: { access: 'admin' },
    schema: { tags, summary: 'The active bookings a closure would cancel (count, first ones, token to confirm with)', body: ClosureInput, response: { 200: ClosurePreview } },
  }, async (request) => service.previewClosure(deps, requireUser(request), request.body));

  app.post('/api/closures', {
    config: { access: 'admin' },
    schema: {
      tags, summary: "Create a closure and cancel the bookings it covers (409 when they changed since the preview's Token)",
      body: CreateClosureInput, response: { 201: ClosureCreated },
    },
  }, async (request, reply) => reply.code(201).send(await service.createClosure(deps, requireUser(request), request.body)));

  app.delete('/api/closures/:id', {
    config: { access: 'admin' },
    schema: { tags, summary: 'Delete a closure (cancelled bookings stay cancelled)', params: IdParam, response: { 204: noContentResponse() } },
  }, async (request, reply) => {
    await service.removeClosure(deps, request.params.id, requireUser(request));
    return reply.code(204).send(null);
  });

  // The .ics text comes as a JSON string (the browser reads the chosen file): a megabyte of text plus
  // JSON escaping; more is 413 before parsing.
  app.post('/api/closures/import', {
    config: { access: 'admin' },
    bodyLimit: CLOSURE_LIMITS.icsMaxBytes + 64 * 1024,
    schema: {
      tags, summary: 'Import public holidays from an .ics file: without Token a preview, with it whole-site closures',
      body: ClosureImportInput, response: { 200: ClosureImportPreview, 201: ClosureCreated },
    },
  }, async (request, reply) => {
    const answer = await service.importHolidays(deps, requireUser(request), request.body);
    return 'Closures' in answer ? reply.code(201).send(answer) : reply.code(200).send(answer);
  });
};
