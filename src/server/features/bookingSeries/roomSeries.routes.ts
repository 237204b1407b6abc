import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RoomSeriesBooked, RoomSeriesInput, RoomSeriesPreview } from '../../../domain/wire/bookingSeries.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/guard.js';
import { countRead } from '../../http/perPersonLimit.js';
import { bookRoomSeries, previewRoomSeries } from './roomSeries.service.js';

/**
 * Each call expands up to SERIES_MAX_OCCURRENCES occurrences and checks them all against the room's
 * bookings: previews and bookings of series are limited per person and minute (counted in
 * PostgreSQL, so every instance counts the same), far above what a person choosing days needs.
 */
export const SERIES_CALLS_PER_MINUTE = 30;

export const roomSeriesRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  app.post('/api/bookings/room/series/preview', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['bookings'], summary: 'Every occurrence of a repeating room booking and what would become of it; books nothing',
      body: RoomSeriesInput, response: { 200: RoomSeriesPreview },
    },
  }, async (request) => {
    const user = requireUser(request);
    await countRead(deps.pool, 'roomSeries', user.id, SERIES_CALLS_PER_MINUTE);
    return previewRoomSeries(deps, user, request.body);
  });

  app.post('/api/bookings/room/series', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['bookings'], summary: 'Book the chosen occurrences (Dates) of a repeating room booking: all of them or none',
      body: RoomSeriesInput, response: { 201: RoomSeriesBooked },
    },
  }, async (request, reply) => {
    const user = requireUser(request);
    await countRead(deps.pool, 'roomSeries', user.id, SERIES_CALLS_PER_MINUTE);
    return reply.code(201).send(await bookRoomSeries(deps, user, request.body));
  });
};
