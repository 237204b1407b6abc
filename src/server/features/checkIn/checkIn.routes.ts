import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParam } from '../../../domain/wire/common.js';
import { BookingIdParam, CheckInInfo, CheckInInput, CheckInPlaceParams, CheckInResult } from '../../../domain/wire/myBookings.js';
import type { AppDeps } from '../../deps.js';
import { CheckInLimiter } from './checkInLimiter.js';
import { checkIn, checkInInfo } from './checkIn.service.js';

/** Check-in is reached by a QR code on the room's door, so every route here works signed out too. */
export const checkInRoutes = (deps: AppDeps, limiter = new CheckInLimiter(deps.pool)): FastifyPluginAsyncZod => async (app) => {
  const tags = ['check-in'];

  app.get('/api/bookings/check-in/:siteId/:locationId/:roomId', {
    config: { access: 'anonymous' },
    schema: {
      tags, summary: "A room, its previous and upcoming meetings (times and status; what and who only for the meeting's people); rate-limited when signed out",
      params: CheckInPlaceParams, response: { 200: CheckInInfo },
    },
  }, async (request) => {
    const { siteId, locationId, roomId } = request.params;
    return checkInInfo(deps, limiter, { user: request.user, address: request.ip }, roomId, { siteId, locationId });
  });

  app.get('/api/rooms/:id/check-in-info', {
    config: { access: 'anonymous' },
    schema: { tags, summary: 'A room, its previous and upcoming meetings (as above); rate-limited when signed out', params: IdParam, response: { 200: CheckInInfo } },
  }, async (request) => checkInInfo(deps, limiter, { user: request.user, address: request.ip }, request.params.id));

  app.post('/api/bookings/check-in/:bookingId', {
    config: { access: 'anonymous' },
    // A body-less POST (signed in, nothing to say) is read as {}.
    preValidation: async (request) => { if (request.body === undefined || request.body === null) request.body = {}; },
    schema: {
      tags, summary: "Check in to a meeting (its people and its room's admins; signed out, the booker's or on-behalf e-mail); rate-limited when signed out",
      params: BookingIdParam, body: CheckInInput, response: { 200: CheckInResult },
    },
  }, async (request) => checkIn(deps, limiter, { user: request.user, address: request.ip, email: request.body.Email }, request.params.bookingId));
};
