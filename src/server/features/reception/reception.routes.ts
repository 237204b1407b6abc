import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Id } from '../../../domain/wire/common.js';
import { SiteCalendar, SiteCalendarQuery } from '../../../domain/wire/myBookings.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/guard.js';
import { siteCalendar } from './reception.service.js';

export const receptionRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  // Site-level admins of this site (checked by the service) and admins.
  app.get('/api/bookings/site/:siteId', {
    config: { access: 'siteLvlAdmin' },
    schema: {
      tags: ['bookings'], summary: "Reception View: a site's rooms and their bookings with check-in state",
      params: z.object({ siteId: Id }), querystring: SiteCalendarQuery, response: { 200: SiteCalendar },
    },
  }, async (request) => siteCalendar(deps, requireUser(request), request.params.siteId, new Date(request.query.start), new Date(request.query.end)));
};
