import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BookingSearchInput } from '../../../domain/wire/admin.js';
import { Booking } from '../../../domain/wire/bookings.js';
import type { AppDeps } from '../../deps.js';
import { searchDesks } from './bookingSearch.service.js';

export const bookingSearchRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  app.post('/api/bookings/searchDesks', {
    config: { access: 'bookingManager' },
    schema: {
      tags: ['bookings'],
      summary: 'Desk bookings from FromDate 00:00:00 to ToDate 23:59:59 (site time zone), optionally by DeskId (with FloorplanId), SiteId, LocationId, UserId; at most 2000, by start',
      body: BookingSearchInput, response: { 200: z.array(Booking) },
    },
  }, async (request) => searchDesks(deps, request.body));
};
