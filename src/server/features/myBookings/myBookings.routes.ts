import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MyBookings, MyBookingsQuery } from '../../../domain/wire/myBookings.js';
import type { AppDeps } from '../../deps.js';
import { textResponse } from '../../http/openApiResponses.js';
import { requireUser } from '../../http/guard.js';
import { myBookings, myBookingsCsv } from './myBookings.service.js';

export const myBookingsRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['bookings'];

  app.get('/api/bookings/my', {
    config: { access: 'signedIn' },
    schema: {
      tags, summary: "The caller's bookings (own and on their behalf): all upcoming, and a page of past ones",
      querystring: MyBookingsQuery, response: { 200: MyBookings },
    },
  }, async (request) => myBookings(deps, requireUser(request), request.query));

  app.get('/api/bookings/my/export', {
    config: { access: 'signedIn' },
    schema: { tags, summary: "The caller's bookings as a CSV download", response: { 200: textResponse('text/csv', 'The bookings, as an attachment') } },
  }, async (request, reply) => {
    const { filename, csv } = await myBookingsCsv(deps, requireUser(request));
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${filename}"`)
      .header('Cache-Control', 'no-store')
      .send(csv);
  });
};
