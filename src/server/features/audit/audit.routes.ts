import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditActors, AuditFilter, AuditListQuery, AuditPage } from '../../../domain/wire/audit.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/guard.js';
import { textResponse } from '../../http/openApiResponses.js';
import { auditCsv, EXPORT_MAX_ROWS, EXPORTS_PER_MINUTE, listActors, listAudit } from './audit.service.js';

// Grouped by hand: Number#toLocaleString here would start ICU's formatters (~7 MiB resident) at start-up for one
// route description.
const exportMaxRowsText = String(EXPORT_MAX_ROWS).replace(/\B(?=(\d{3})+$)/g, ',');

/** The audit log of administrative actions (issue 25): Admins only, read and exported, never written through the API. */
export const auditRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['audit'];

  app.get('/api/admin/audit', {
    config: { access: 'admin' },
    schema: {
      tags,
      summary: 'The audit log, newest first, filtered by period (from inclusive, to exclusive; ISO 8601), action and actorId; paged by cursor (the NextCursor of the previous page), limit 1-200 (default 50).',
      querystring: AuditListQuery, response: { 200: AuditPage },
    },
  }, async (request) => listAudit(deps, request.query));

  app.get('/api/admin/audit/actors', {
    config: { access: 'admin' },
    schema: { tags, summary: 'The people who appear as actors in the audit log (Id, Name), for the actor filter', response: { 200: AuditActors } },
  }, async () => listActors(deps));

  app.get('/api/admin/audit/export', {
    config: { access: 'admin' },
    schema: {
      tags,
      summary: `The filtered audit log as CSV (newest first, at most ${exportMaxRowsText} rows; the X-Truncated header says when cut). At most ${EXPORTS_PER_MINUTE} exports per admin and minute.`,
      querystring: AuditFilter, response: { 200: textResponse('text/csv', 'The audit log, as an attachment') },
    },
  }, async (request, reply) => {
    const file = await auditCsv(deps, requireUser(request), request.query);
    const day = deps.now().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="hotdesk-audit-log-${day}.csv"`)
      .header('Cache-Control', 'no-store')
      .header('X-Truncated', file.cut ? 'true' : 'false')
      .send(file.body);
  });
};
