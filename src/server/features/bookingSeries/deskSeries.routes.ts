import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeskSeriesInput, SeriesBooked, SeriesPreview } from '../../../domain/wire/bookingSeries.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/guard.js';
import { countRead } from '../../http/perPersonLimit.js';
import { bookDeskSeries, previewDeskSeries } from './deskSeries.service.js';
import { SERIES_CALLS_PER_MINUTE } from './roomSeries.routes.js';

/**
 * Repeating desk bookings, signed-in people only. Each call expands up to SERIES_MAX_OCCURRENCES
 * occurrences and checks them all: limited per person and minute like the room series (counted in
 * PostgreSQL, so every instance counts the same).
 */
export const deskSeriesRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  app.post('/api/bookings/desk/series/preview', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['bookings'], summary: 'Every occurrence of a repeating desk booking and what would become of it; books nothing',
      body: DeskSeriesInput, response: { 200: SeriesPreview },
    },
  }, async (request) => {
    const user = requireUser(request);
    await countRead(deps.pool, 'deskSeries', user.id, SERIES_CALLS_PER_MINUTE);
    return previewDeskSeries(deps, user, request.body);
  });

  app.post('/api/bookings/desk/series', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['bookings'], summary: 'Book the chosen occurrences (Dates) of a repeating desk booking: all of them or none',
      body: DeskSeriesInput, response: { 201: SeriesBooked },
    },
  }, async (request, reply) => {
    const user = requireUser(request);
    await countRead(deps.pool, 'deskSeries', user.id, SERIES_CALLS_PER_MINUTE);
    return reply.code(201).send(await bookDeskSeries(deps, user, request.body));
  });
};
