import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ReportParams, StatsResponse } from '../../../domain/wire/admin.js';
import type { AppDeps } from '../../deps.js';
import { textResponse } from '../../http/openApiResponses.js';
import { exportCsv, stats } from './reporting.service.js';
import { refusePerPersonInWorksCouncilMode, reportListsPeople } from '../insights/worksCouncil.js';

/** Reporting (Reporting or Admin). Bounds are calendar days (YYYY-MM-DD, site-local) or ISO date-times. */
export const reportingRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['reporting'];

  app.get('/api/bookings/stats/filter/:filter/:tagId/from/:from/to/:to', {
    config: { access: 'reporting' },
    schema: {
      tags,
      summary: "Label -> count of active bookings starting in the range. all: 'Desk bookings', 'Room bookings'; desk: per 'Site / Location'; room: per 'Site / Location / Room'; tag: per tagged person, desk, room, location or site",
      params: ReportParams, response: { 200: StatsResponse },
    },
  }, async (request) => {
    const p = request.params;
    await refusePerPersonInWorksCouncilMode(deps, request, () => reportListsPeople(deps, p.filter, p.tagId));
    return stats(deps, p.filter, p.tagId, p.from, p.to);
  });

  app.get('/api/bookings/export/filter/:filter/:tagId/from/:from/to/:to', {
    config: { access: 'reporting' },
    schema: {
      tags, summary: 'The bookings behind the report, as CSV (one line each, with its label)', params: ReportParams,
      response: { 200: textResponse('text/csv', 'The bookings, one line each, as an attachment') },
    },
  }, async (request, reply) => {
    const p = request.params;
    await refusePerPersonInWorksCouncilMode(deps, request, async () => true);
    const { stream, filename } = await exportCsv(deps, p.filter, p.tagId, p.from, p.to);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${filename}"`)
      .header('Cache-Control', 'no-store')
      .send(stream);
  });
};
