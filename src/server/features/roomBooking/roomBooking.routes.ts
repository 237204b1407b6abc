import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Booking } from '../../../domain/wire/bookings.js';
import { AvailabilityItem, RoomAvailabilityInput, RoomBookingInput, RoomBookingSearchInput } from '../../../domain/wire/roomBooking.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/guard.js';
import { bookRoom, roomAvailability, searchRoomBookings } from './roomBooking.service.js';

export const roomBookingRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  app.post('/api/rooms/availability', {
    config: { access: 'signedIn' },
    schema: { tags: ['rooms'], summary: 'Rooms of a type free for the whole range, for the caller', body: RoomAvailabilityInput, response: { 200: z.array(AvailabilityItem) } },
    // The answer comes as UTF-8 JSON built to the schema (roomAvailability.test.ts pins it to the schema's
    // encoding): sent as it is, without encoding a few hundred rooms per search (issue 19).
  }, async (request, reply) => reply.type('application/json; charset=utf-8').send(await roomAvailability(deps, requireUser(request), request.body) as never));

  app.post('/api/bookings/searchRooms', {
    config: { access: 'signedIn' },
    schema: { tags: ['bookings'], summary: 'Active bookings of a room (or of a site\'s rooms) in a range', body: RoomBookingSearchInput, response: { 200: z.array(Booking) } },
  }, async (request) => searchRoomBookings(deps, requireUser(request), request.body));

  app.post('/api/bookings/room', {
    config: { access: 'signedIn' },
    schema: { tags: ['bookings'], summary: 'Book a room (a request, Pending, in a restricted room)', body: RoomBookingInput, response: { 201: Booking } },
  }, async (request, reply) => reply.code(201).send(await bookRoom(deps, requireUser(request), request.body)));
};
