import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RetentionSettings } from '../../../domain/wire/audit.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/guard.js';
import { retentionSettings, saveRetentionSettings } from './retention.service.js';

/** The retention periods (issue 25): admins set them; the privacy page (public) states them. */
export const retentionRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['settings'];

  app.get('/api/admin/retention', {
    config: { access: 'admin' },
    schema: { tags, summary: 'How long bookings (null: until erased) and audit entries are kept, in months', response: { 200: RetentionSettings } },
  }, async () => retentionSettings(deps));

  app.put('/api/admin/retention', {
    config: { access: 'admin' },
    schema: {
      tags,
      summary: 'Set how long bookings are kept before they are anonymised (BookingRetentionMonths 1-240, null = off) and how long audit entries are kept (AuditRetentionMonths 1-120). Audited.',
      body: RetentionSettings, response: { 200: RetentionSettings },
    },
  }, async (request) => saveRetentionSettings(deps, requireUser(request), request.body));

  // Two numbers the privacy page states to anyone; nothing about any person.
  app.get('/api/privacy/retention', {
    config: { access: 'anonymous' },
    schema: { tags, summary: 'The retention periods, as the privacy page states them', response: { 200: RetentionSettings } },
  }, async (_request, reply) => reply.header('Cache-Control', 'no-cache').send(await retentionSettings(deps)));
};
