import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAdmin } from '../../../domain/permissions.js';
import { IdParam } from '../../../domain/wire/common.js';
import {
  CreatedLayout, DeskFutureBookings, Floorplan, FloorplanNameInput, LatestLayout, LayoutBody, SavedLayout,
} from '../../../domain/wire/floorplans.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/guard.js';
import { DeskParams, LayoutParams, LocationParam } from './floorplans.schemas.js';
import * as service from './floorplans.service.js';

/** SPEC 7 'Floorplans' (except GET /api/floorplans/{id}/layout: publishedLayout.routes.ts). Writes are admin-only. */
export const floorplansRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['floorplans'];

  // Signed-in: the desk booking flow chooses a floorplan from this list too (non-admins see published ones only).
  app.get('/api/floorplans/location/:locationId', {
    config: { access: 'signedIn' },
    schema: { tags, params: LocationParam, response: { 200: z.array(Floorplan) } },
  }, async (request) => service.listForLocation(deps.pool, request.params.locationId, isAdmin(requireUser(request).caller)));

  app.post('/api/floorplans/location/:locationId', {
    config: { access: 'admin' },
    schema: { tags, params: LocationParam, body: FloorplanNameInput, response: { 201: CreatedLayout } },
  }, async (request, reply) => reply.code(201).send(await service.createFloorplan(deps.pool, request.params.locationId, request.body, deps.now())));

  app.get('/api/floorplans/:id/layout/latest', {
    config: { access: 'admin' },
    schema: { tags, params: IdParam, response: { 200: LatestLayout } },
  }, async (request) => service.latestLayout(deps.pool, request.params.id));

  app.post('/api/floorplans/:id/layout/:layoutId', {
    config: { access: 'admin' },
    schema: { tags, params: LayoutParams, body: LayoutBody, response: { 200: SavedLayout } },
  }, async (request) => service.saveLayout(deps.pool, request.params.id, request.params.layoutId, request.body, false, deps.now()));

  app.post('/api/floorplans/:id/layout/:layoutId/publish', {
    config: { access: 'admin' },
    schema: { tags, params: LayoutParams, body: LayoutBody, response: { 200: SavedLayout } },
  }, async (request) => service.saveLayout(deps.pool, request.params.id, request.params.layoutId, request.body, true, deps.now()));

  app.post('/api/floorplans/:id', {
    config: { access: 'admin' },
    schema: { tags, params: IdParam, body: FloorplanNameInput, response: { 200: Floorplan } },
  }, async (request) => service.renameFloorplan(deps.pool, request.params.id, request.body));

  app.post('/api/floorplans/:id/newlayout', {
    config: { access: 'admin' },
    schema: { tags, params: IdParam, response: { 201: CreatedLayout } },
  }, async (request, reply) => reply.code(201).send(await service.newLayout(deps.pool, request.params.id, false, deps.now())));

  app.post('/api/floorplans/:id/newlayout/fromPrevious', {
    config: { access: 'admin' },
    schema: { tags, params: IdParam, response: { 201: CreatedLayout } },
  }, async (request, reply) => reply.code(201).send(await service.newLayout(deps.pool, request.params.id, true, deps.now())));

  app.delete('/api/floorplans/:id', {
    config: { access: 'admin' },
    schema: { tags, params: IdParam, response: { 204: z.null() } },
  }, async (request, reply) => {
    await service.deleteFloorplan(deps.pool, request.params.id, deps.now());
    return reply.code(204).send(null);
  });

  // The Delete Desk check (SPEC 4): active bookings of one desk from now on.
  app.get('/api/floorplans/:id/desks/:deskId/futureBookings', {
    config: { access: 'admin' },
    schema: { tags, params: DeskParams, response: { 200: DeskFutureBookings } },
  }, async (request) => service.deskFutureBookings(deps.pool, request.params.id, request.params.deskId, deps.now()));
};
