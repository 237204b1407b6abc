import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, IdParam } from '../../../domain/wire/common.js';
import {
  BookNowInput, DisplayInfo, DisplayRoomParam, DoorActionResult, DoorMeetingInput, DoorState, PairingCode, PairingCodeInput, PairingStatus,
  RoomDisplayParams,
} from '../../../domain/wire/displays.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/guard.js';
import { AppError, notFound } from '../../http/errors.js';
import { textResponse } from '../../http/openApiResponses.js';
import { DISPLAY_LIMITS, MinuteCounter } from './displayLimits.js';
import { DisplayHub, openDisplayStream } from './displayStream.js';
import {
  clearDisplayCookie, clearPairingCookie, displayTokenOf, hashSecret, isWellFormedSecret, pairingSecretOf, setDisplayCookie, setPairingCookie,
} from './displayTokens.js';
import { resolveTarget, type PairedDisplay, type PairedTarget } from './displays.repo.js';
import { bookNow, checkInAtDoor, doorStateOf, endNow } from './doorDisplay.service.js';
import { listDisplays, pairDisplay, pollPairing, removeDisplay, startPairing } from './pairing.service.js';
import { registerLobbyRoutes } from './lobbyBoard.routes.js';
import { dimHoursRoutes } from './dimHours.routes.js';
import { DisplayMe } from '../../../domain/wire/lobbyBoard.js';

export const NOT_PAIRED = 'This display is not paired (or its pairing was revoked). Pair it again from the room\'s settings.';

/**
 * Room door displays (issue 24). Two kinds of caller:
 * - the tablet, with no personal session: /api/display/* routes, declared 'anonymous' to the guard
 *   (a session is neither needed nor used) and authorised by the device token cookie alone, scoped to
 *   its room (another room's id: 404). A staff session without that cookie gets 401 like anyone.
 * - the room's admins: /api/rooms/{id}/displays, signed in, Admins and the room's admins.
 */
export const displaysRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['displays'];
  const { config } = deps;
  const hub = new DisplayHub(deps.pool, (err) => app.log.warn({ err }, 'Door displays: the LISTEN connection was lost; reconnecting'));
  app.addHook('preClose', async () => { await hub.close(); });
  const polls = new MinuteCounter(DISPLAY_LIMITS.pollsPerAddressMinute);
  const reads = new MinuteCounter(DISPLAY_LIMITS.readsPerDisplayMinute);
  const actions = new MinuteCounter(DISPLAY_LIMITS.actionsPerDisplayMinute);
  const refused = { 401: ErrorResponse, 429: ErrorResponse };

  /** The display (door display or lobby board) the request's device token belongs to; 401 otherwise. */
  async function targetOf(request: FastifyRequest, kind: 'read' | 'action' = 'read'): Promise<PairedTarget> {
    const token = displayTokenOf(request, config);
    const target = isWellFormedSecret(token) ? await resolveTarget(deps.pool, hashSecret(token), deps.now()) : undefined;
    if (!target) throw new AppError('NOT_SIGNED_IN', NOT_PAIRED);
    (kind === 'read' ? reads : actions).take(String(target.id));
    return target;
  }
  /**
   * The door display the request's device token belongs to (401 otherwise), limited to `roomId` when
   * given: another room, or a lobby board's token, is 404 (the token stays: it is valid, only not here).
   */
  async function displayOf(request: FastifyRequest, roomId?: number, kind: 'read' | 'action' = 'read'): Promise<PairedDisplay> {
    const display = await targetOf(request, kind);
    if (display.kind !== 'room' || (roomId !== undefined && roomId !== display.roomId)) throw notFound('The room');
    return { id: display.id, roomId: display.roomId };
  }
  // A refused token is dropped from the tablet, which then shows the pairing screen.
  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode === 401 && request.url.includes('/api/display/') && displayTokenOf(request, config)) clearDisplayCookie(reply, config);
  });

  app.post('/api/display/pairing', {
    config: { access: 'anonymous' },
    schema: {
      tags, summary: 'A tablet asks for a pairing code (10 minutes; rate-limited per address); the code is bound to this tablet by a cookie',
      response: { 200: PairingCode, 429: ErrorResponse },
    },
  }, async (request, reply) => {
    const { secret, ...code } = await startPairing(deps, request.ip);
    setPairingCookie(reply, config, secret);
    return code;
  });

  app.get('/api/display/pairing', {
    config: { access: 'anonymous' },
    schema: {
      tags, summary: "The tablet's pairing: waiting, expired, or paired (the device token is then set as an HttpOnly cookie); rate-limited per address",
      response: { 200: PairingStatus, 429: ErrorResponse },
    },
  }, async (request, reply) => {
    polls.take(request.ip);
    const secret = pairingSecretOf(request, config);
    if (!isWellFormedSecret(secret)) return { Status: 'expired' as const };
    const { status, token } = await pollPairing(deps, secret);
    if (token) setDisplayCookie(reply, config, token);
    if (status !== 'waiting') clearPairingCookie(reply, config);
    return { Status: status };
  });

  app.get('/api/display/me', {
    config: { access: 'anonymous' },
    schema: { tags, summary: 'Which room (door display) or site (lobby board) this display shows (device token)', response: { 200: DisplayMe, ...refused } },
  }, async (request) => {
    const target = await targetOf(request);
    return target.kind === 'room' ? { RoomId: target.roomId } : { SiteId: target.siteId };
  });

  app.get('/api/display/rooms/:roomId', {
    config: { access: 'anonymous' },
    schema: {
      tags, summary: "The door screen: the room's state, current meeting and the rest of today (times; titles only where the room shows them; no names)",
      params: DisplayRoomParam, response: { 200: DoorState, ...refused },
    },
  }, async (request) => doorStateOf(deps, await displayOf(request, request.params.roomId)));

  app.post('/api/display/rooms/:roomId/book', {
    config: { access: 'anonymous' },
    schema: {
      tags, summary: 'Book now: the room from this minute for 15, 30 or 60 minutes (cut at the next meeting), as the "Door display" account',
      params: DisplayRoomParam, body: BookNowInput, response: { 200: DoorActionResult, ...refused },
    },
  }, async (request) => bookNow(deps, await displayOf(request, request.params.roomId, 'action'), request.body.Minutes));

  app.post('/api/display/rooms/:roomId/check-in', {
    config: { access: 'anonymous' },
    schema: {
      tags, summary: "Check in to a meeting of this room (the check-in page's window and rules)",
      params: DisplayRoomParam, body: DoorMeetingInput, response: { 200: DoorActionResult, ...refused },
    },
  }, async (request) => checkInAtDoor(deps, await displayOf(request, request.params.roomId, 'action'), request.body.BookingId));

  app.post('/api/display/rooms/:roomId/end', {
    config: { access: 'anonymous' },
    schema: {
      tags, summary: 'End now: the meeting under way finishes this minute and the room is free',
      params: DisplayRoomParam, body: DoorMeetingInput, response: { 200: DoorActionResult, ...refused },
    },
  }, async (request) => endNow(deps, await displayOf(request, request.params.roomId, 'action'), request.body.BookingId));

  app.get('/api/display/rooms/:roomId/live', {
    config: { access: 'anonymous' },
    schema: {
      tags, summary: "Live: a Server-Sent Events stream with 'changed' (no data) whenever a booking of this room changes; 'ready' when open",
      params: DisplayRoomParam,
      response: { 200: textResponse('text/event-stream', 'The event stream; it stays open'), ...refused, 503: ErrorResponse },
    },
  }, async (request, reply) => {
    const display = await displayOf(request, request.params.roomId);
    await openDisplayStream(hub, request, reply, display.id, display.roomId);
  });

  registerLobbyRoutes(app, deps, { hub, targetOf });
  await app.register(dimHoursRoutes(deps));

  // ---- The room's admins ----

  app.get('/api/rooms/:id/displays', {
    config: { access: 'signedIn' },
    schema: { tags, summary: "The room's paired displays with their last-seen time (Admins and the room's admins)", params: IdParam, response: { 200: z.array(DisplayInfo), 403: ErrorResponse } },
  }, async (request) => listDisplays(deps, requireUser(request), request.params.id));

  app.post('/api/rooms/:id/displays', {
    config: { access: 'signedIn' },
    schema: {
      tags, summary: 'Pair the display showing this code with the room (Admins and the room\'s admins; code entries are rate-limited)',
      params: IdParam, body: PairingCodeInput, response: { 200: z.array(DisplayInfo), 429: ErrorResponse },
    },
  }, async (request) => pairDisplay(deps, requireUser(request), request.params.id, request.body.Code));

  app.delete('/api/rooms/:id/displays/:displayId', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'Revoke a display: its token stops working at once and it shows the pairing screen again', params: RoomDisplayParams, response: { 200: z.array(DisplayInfo) } },
  }, async (request) => {
    const list = await removeDisplay(deps, requireUser(request), request.params.id, request.params.displayId);
    hub.closeDisplay(request.params.displayId);
    return list;
  });
};
