import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Booking, DeskBookingInput, DeskOccupancy, DeskOccupancyQuery } from '../../../domain/wire/bookings.js';
import { Id } from '../../../domain/wire/common.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/guard.js';
import { bookDesk, floorplanOccupancy } from './deskBooking.service.js';

export const deskBookingRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  app.post('/api/bookings/desk', {
    config: { access: 'signedIn' },
    schema: { tags: ['bookings'], body: DeskBookingInput, response: { 201: Booking } },
  }, async (request, reply) => reply.code(201).send(await bookDesk(deps, requireUser(request), request.body)));

  app.get('/api/bookings/for/:floorplanId', {
    config: { access: 'signedIn' },
    schema: { tags: ['bookings'], params: z.object({ floorplanId: Id }), querystring: DeskOccupancyQuery, response: { 200: z.array(DeskOccupancy) } },
    // Sent as JSON text without the schema's per-item encoding (a thousand taken desks on a big floor):
    // the items are made to the schema's shape (toDeskOccupancy), and deskOccupancyNames.test.ts pins the
    // text to the schema's encoding.
  }, async (request, reply) => reply.type('application/json; charset=utf-8').send(JSON.stringify(
    await floorplanOccupancy(deps, requireUser(request), request.params.floorplanId, new Date(request.query.start), new Date(request.query.end)),
  ) as never));
};
