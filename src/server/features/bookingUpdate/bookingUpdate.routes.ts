import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Booking } from '../../../domain/wire/bookings.js';
import { IdParam } from '../../../domain/wire/common.js';
import { BookingUpdateInput } from '../../../domain/wire/roomBooking.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/guard.js';
import { updateBooking } from './bookingUpdate.service.js';

export const bookingUpdateRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  app.post('/api/bookings/:id', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['bookings'], summary: 'Change a booking (its booker, the person booked for, the room\'s admins, Admins)',
      params: IdParam, body: BookingUpdateInput, response: { 200: Booking },
    },
  }, async (request) => updateBooking(deps, requireUser(request), request.params.id, request.body));
};
