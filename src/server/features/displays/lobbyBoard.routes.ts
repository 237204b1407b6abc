import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, IdParam } from '../../../domain/wire/common.js';
import { DisplayInfo, PairingCodeInput } from '../../../domain/wire/displays.js';
import { DisplaySiteParam, LobbyBoard, SiteDisplayParams } from '../../../domain/wire/lobbyBoard.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/guard.js';
import { notFound } from '../../http/errors.js';
import { textResponse } from '../../http/openApiResponses.js';
import { openDisplayStream, type DisplayHub } from './displayStream.js';
import type { PairedTarget } from './displays.repo.js';
import { lobbyBoardOf } from './lobbyBoard.service.js';
import { listBoards, pairBoard, removeBoard } from './lobbyPairing.service.js';

type App = Parameters<FastifyPluginAsyncZod>[0];

interface Shared {
  hub: DisplayHub;
  /** The display of the request's device token, of either kind (401 without one; counts a read). */
  targetOf: (request: FastifyRequest) => Promise<PairedTarget>;
}

/**
 * Lobby boards (issue 24): displays paired to a site. Registered by displaysRoutes on its own instance,
 * so the boards share the door displays' token check, read limits, 401-drops-the-cookie hook and the
 * one LISTEN connection of the display streams.
 * - the board: /api/display/sites/{siteId}[/live], its device token only, for its own site (a door
 *   display's token, or another site's id: 404);
 * - Admins, in the site's settings: /api/sites/{id}/displays.
 */
export function registerLobbyRoutes(app: App, deps: AppDeps, { hub, targetOf }: Shared): void {
  const tags = ['displays'];
  const refused = { 401: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse };

  async function boardOf(request: FastifyRequest, siteId: number): Promise<{ id: number; siteId: number }> {
    const target = await targetOf(request);
    if (target.kind !== 'site' || target.siteId !== siteId) throw notFound('The site');
    return { id: target.id, siteId };
  }

  app.get('/api/display/sites/:siteId', {
    config: { access: 'anonymous' },
    schema: {
      tags, summary: "The lobby board: the site's rooms (state, current and next meeting; titles only where the room shows them) and free desks per floor; no names",
      params: DisplaySiteParam, response: { 200: LobbyBoard, ...refused },
    },
  }, async (request) => lobbyBoardOf(deps, (await boardOf(request, request.params.siteId)).siteId));

  app.get('/api/display/sites/:siteId/live', {
    config: { access: 'anonymous' },
    schema: {
      tags, summary: "Live: a Server-Sent Events stream with 'changed' (no data) whenever a booking of this site (room or desk) changes; 'ready' when open",
      params: DisplaySiteParam,
      response: { 200: textResponse('text/event-stream', 'The event stream; it stays open'), ...refused, 503: ErrorResponse },
    },
  }, async (request, reply) => {
    const board = await boardOf(request, request.params.siteId);
    await openDisplayStream(hub, request, reply, board.id, { siteId: board.siteId });
  });

  app.get('/api/sites/:id/displays', {
    config: { access: 'admin' },
    schema: { tags, summary: "The site's lobby boards with their last-seen time (Admins)", params: IdParam, response: { 200: z.array(DisplayInfo), 404: ErrorResponse } },
  }, async (request) => listBoards(deps, request.params.id));

  app.post('/api/sites/:id/displays', {
    config: { access: 'admin' },
    schema: {
      tags, summary: 'Pair the display showing this code as a lobby board of the site (Admins; code entries are rate-limited)',
      params: IdParam, body: PairingCodeInput, response: { 200: z.array(DisplayInfo), 404: ErrorResponse, 429: ErrorResponse },
    },
  }, async (request) => pairBoard(deps, requireUser(request), request.params.id, request.body.Code));

  app.delete('/api/sites/:id/displays/:displayId', {
    config: { access: 'admin' },
    schema: {
      tags, summary: 'Revoke a lobby board: its token stops working at once and it shows the pairing screen again',
      params: SiteDisplayParams, response: { 200: z.array(DisplayInfo), 404: ErrorResponse },
    },
  }, async (request) => {
    const list = await removeBoard(deps, requireUser(request), request.params.id, request.params.displayId);
    hub.closeDisplay(request.params.displayId);
    return list;
  });
}
