import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CalendarFeed } from '../../../domain/wire/myBookings.js';
import type { AppDeps } from '../../deps.js';
import { noContentResponse, textResponse } from '../../http/openApiResponses.js';
import { requireUser } from '../../http/guard.js';
import { createFeed, feedCalendar, feedStatus, revokeFeed } from './calendarFeed.service.js';

export const calendarFeedRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['bookings'];

  app.get('/api/bookings/my/calendarFeed', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'Whether the caller has a personal calendar feed (the URL is shown only when created)', response: { 200: CalendarFeed } },
  }, async (request) => feedStatus(deps, requireUser(request)));

  app.post('/api/bookings/my/calendarFeed', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'Create or rotate the personal calendar feed; answers its secret URL', response: { 200: CalendarFeed } },
  }, async (request) => {
    // The configured public URL when there is one; else the address this request came to.
    const origin = deps.config.publicUrl?.origin ?? `${request.protocol}://${request.host}`;
    return createFeed(deps, requireUser(request), origin);
  });

  app.delete('/api/bookings/my/calendarFeed', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'Revoke the personal calendar feed', response: { 204: noContentResponse('Revoked') } },
  }, async (request, reply) => {
    await revokeFeed(deps, requireUser(request));
    return reply.code(204).send(null);
  });

  // The secret in the URL is the key: calendar apps cannot sign in.
  app.get('/ical/:token.ics', {
    config: { access: 'anonymous' },
    schema: {
      tags, summary: 'A personal calendar feed (iCalendar)', params: z.object({ token: z.string().max(100) }),
      response: { 200: textResponse('text/calendar', "The person's bookings as an iCalendar feed") },
    },
  }, async (request, reply) => {
    const body = await feedCalendar(deps, request.params.token);
    return reply
      .header('Content-Type', 'text/calendar; charset=utf-8')
      .header('Content-Disposition', 'inline; filename="hotdesk.ics"')
      .header('Cache-Control', 'private, max-age=300')
      .header('Referrer-Policy', 'no-referrer')
      .send(body);
  });
};
