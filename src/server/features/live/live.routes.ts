import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/guard.js';
import { AppError, badInput } from '../../http/errors.js';
import { textResponse } from '../../http/openApiResponses.js';
import { LiveHub } from './liveHub.js';
import { LiveListener } from './liveListener.js';
import { liveLimitsFrom, type LiveLimits } from './liveLimits.js';
import { loadReceiver } from './liveReceiver.js';

export const NOT_AN_EVENT_STREAM = 'This is an event stream: ask for it with Accept: text/event-stream (EventSource does).';
export const LIVE_FULL = 'Too many live connections on this server; try again shortly.';

/**
 * GET /api/live: the live channel (issue 24), one Server-Sent Events stream per page. The hub (one per
 * app instance) is fed by one LISTEN connection, started with the first stream.
 */
export const liveRoutes = (deps: AppDeps, limits: LiveLimits = liveLimitsFrom(deps.config)): FastifyPluginAsyncZod => async (app) => {
  let listener: LiveListener | undefined;
  const hub: LiveHub = new LiveHub(limits, () => listener ??= new LiveListener(deps.pool.options, {
    onNotice: (payload) => hub.notice(payload),
    onListening: (afterLoss) => hub.listening(afterLoss),
    onLost: (err) => app.log.warn({ err }, 'Live updates: the LISTEN connection was lost; reconnecting'),
  }));
  // Streams are ended before the server waits for its connections to close.
  app.addHook('preClose', async () => { await hub.close(); });

  app.get('/api/live', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['live'],
      summary: 'Live updates: a Server-Sent Events stream of booking changes the caller may see (ids and status only)',
      description: 'Events: booking, approvals (approvers only), resync (refetch everything), ready. Honours Last-Event-ID. '
        + `At most ${limits.maxPerPerson} streams per person (a new one closes the oldest). Needs Accept: text/event-stream.`,
      response: { 200: textResponse('text/event-stream', 'The event stream; it stays open') },
    },
  }, async (request, reply) => {
    const user = requireUser(request);
    if (!String(request.headers.accept ?? '').includes('text/event-stream')) throw badInput(NOT_AN_EVENT_STREAM);
    if (hub.full()) {
      void reply.header('Retry-After', '30');
      throw new AppError('UNAVAILABLE', LIVE_FULL);
    }
    const lastEventId = request.headers['last-event-id'];
    await hub.ready();
    const receiver = await loadReceiver(deps.pool, user);
    if (hub.full()) throw new AppError('UNAVAILABLE', LIVE_FULL);
    reply.hijack();
    reply.raw.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      // nginx and similar proxies would otherwise buffer the stream.
      'X-Accel-Buffering': 'no',
      'X-Content-Type-Options': 'nosniff',
      Connection: 'keep-alive',
    });
    reply.raw.flushHeaders();
    // Any Last-Event-ID says the client missed something: one the ring cannot read (a real id is at most 36
    // characters, so a cut long one never matches) gets a resync, not silence.
    hub.open(receiver, reply.raw, typeof lastEventId === 'string' ? lastEventId.slice(0, 64) : undefined);
  });
};
