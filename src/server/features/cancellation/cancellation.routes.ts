import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Booking } from '../../../domain/wire/bookings.js';
import { CancelBookingInput } from '../../../domain/wire/myBookings.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/guard.js';
import { cancelBooking } from './cancellation.service.js';

export const cancellationRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  // Owners and on-behalf people cancel their own; admins, room admins and booking managers others' (with a reason).
  app.delete('/api/bookings', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['bookings'], summary: 'Cancel a booking (body: the booking with CancellationReason and CancelledByAdmin)',
      body: CancelBookingInput, response: { 200: Booking },
    },
  }, async (request) => cancelBooking(deps, requireUser(request), request.body));
};
