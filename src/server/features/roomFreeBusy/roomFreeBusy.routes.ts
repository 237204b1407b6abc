import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, IdParam } from '../../../domain/wire/common.js';
import { RoomFreeBusyFeed } from '../../../domain/wire/roomFreeBusy.js';
import type { AppDeps } from '../../deps.js';
import { noContentResponse, textResponse } from '../../http/openApiResponses.js';
import { requireUser } from '../../http/guard.js';
import { readRoomFeed, type FeedForm } from './busyFeed.service.js';
import { FEED_LIMITS, type FeedLimits } from './feedLimits.js';
import { makeRoomFeed, roomFeedStatus, turnOffRoomFeed } from './roomFreeBusyAdmin.service.js';

/** Calendar apps re-read a subscription on their own schedule; room finders poll: 5 minutes is fresh enough for both. */
const FEED_MAX_AGE_SECONDS = 300;

export const roomFreeBusyRoutes = (deps: AppDeps, limits: FeedLimits = FEED_LIMITS): FastifyPluginAsyncZod => async (app) => {
  const tags = ['rooms'];

  app.get('/api/rooms/:id/freeBusyFeed', {
    config: { access: 'admin' },
    schema: { tags, summary: "Whether the room's free/busy feed is on (its URLs are shown only when made)", params: IdParam, response: { 200: RoomFreeBusyFeed } },
  }, async (request) => roomFeedStatus(deps, request.params.id));

  app.post('/api/rooms/:id/freeBusyFeed', {
    config: { access: 'admin' },
    schema: {
      tags, summary: "Turn on or rotate the room's free/busy feed: answers its new secret URLs; the old ones answer 404 at once",
      params: IdParam, response: { 200: RoomFreeBusyFeed },
    },
  }, async (request) => {
    // The configured public URL when there is one; else the address this request came to (as the personal feed).
    const origin = deps.config.publicUrl?.origin ?? `${request.protocol}://${request.host}`;
    return makeRoomFeed(deps, requireUser(request), request.params.id, origin);
  });

  app.delete('/api/rooms/:id/freeBusyFeed', {
    config: { access: 'admin' },
    schema: { tags, summary: "Turn off the room's free/busy feed (its URLs answer 404)", params: IdParam, response: { 204: noContentResponse('Turned off') } },
  }, async (request, reply) => {
    await turnOffRoomFeed(deps, request.params.id);
    return reply.code(204).send(null);
  });

  // The secret in the URL is the key: calendar apps and room finders cannot sign in.
  const feedRoute = (form: FeedForm, suffix: 'ics' | 'vfb', description: string) => app.get(`/ical/rooms/:token.${suffix}`, {
    config: { access: 'anonymous' },
    schema: {
      tags, summary: description, params: z.object({ token: z.string().max(100) }),
      response: {
        200: textResponse('text/calendar', description),
        304: noContentResponse('Not modified: the ETag in If-None-Match is current'),
        429: ErrorResponse,
      },
    },
  }, async (request, reply) => {
    const answer = await readRoomFeed(deps, {
      secret: request.params.token, form, address: request.ip, ifNoneMatch: request.headers['if-none-match'],
    }, limits);
    reply
      .header('ETag', answer.etag)
      // private: the URL is a secret, so no shared cache should keep (or serve) the answer.
      .header('Cache-Control', `private, max-age=${FEED_MAX_AGE_SECONDS}`)
      .header('X-Robots-Tag', 'noindex');
    if (answer.notModified) return reply.code(304).send(null);
    return reply
      .header('Content-Type', 'text/calendar; charset=utf-8')
      .header('Content-Disposition', `inline; filename="${answer.fileName}"`)
      .send(answer.body);
  });

  feedRoute('events', 'ics', "A room's busy times as iCalendar events (SUMMARY Busy; no names or titles)");
  feedRoute('freebusy', 'vfb', "A room's busy times as one VFREEBUSY object (UTC; BUSY, BUSY-TENTATIVE, BUSY-UNAVAILABLE)");
};
