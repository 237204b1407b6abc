import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParam } from '../../../domain/wire/common.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/guard.js';
import { textResponse } from '../../http/openApiResponses.js';
import { bookingCalendarFile } from './bookingCalendarFile.js';

/** "Add to calendar" on the booking confirmation: one of the caller's bookings as an .ics download. */
export const bookingCalendarFileRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/bookings/my/:id.ics', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['bookings'],
      summary: 'One booking as a calendar entry (.ics), for its booker, the person booked for, or an Admin; 404 for anyone else',
      params: IdParam,
      response: { 200: textResponse('text/calendar', 'The booking as an iCalendar file, as an attachment') },
    },
  }, async (request, reply) => {
    const { filename, body } = await bookingCalendarFile(deps, requireUser(request), request.params.id);
    return reply
      .header('Content-Type', 'text/calendar; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${filename}"`)
      .header('Cache-Control', 'no-store')
      .send(body);
  });
};
