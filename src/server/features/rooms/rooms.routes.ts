import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Id, IdParam } from '../../../domain/wire/common.js';
import { Room, RoomInput, RoomList, RoomListParams, SiteRoomListParams } from '../../../domain/wire/rooms.js';
import type { AppDeps } from '../../deps.js';
import { noContentResponse } from '../../http/openApiResponses.js';
import { requireUser } from '../../http/guard.js';
import {
  changeRoom, createRoom, removeRoom, roomInfo, roomsIApprove, roomsIncludingDisabled, roomsToBook,
} from './rooms.service.js';

export const roomsRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['rooms'];

  app.get('/api/rooms/byApprover', {
    config: { access: 'roomApprover' },
    schema: { tags, summary: 'Rooms the caller is a room admin of (SPEC: update room details)', response: { 200: RoomList } },
  }, async (request) => roomsIApprove(deps, requireUser(request)));

  app.get('/api/rooms/:id/info', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'One room for the caller', params: IdParam, response: { 200: Room } },
  }, async (request) => roomInfo(deps, requireUser(request), request.params.id));

  app.get('/api/rooms/location/:locationId/includeDisabled', {
    config: { access: 'admin' },
    schema: { tags, summary: 'Every room of a location, hidden and disabled ones included', params: z.object({ locationId: Id }), response: { 200: RoomList } },
  }, async (request) => roomsIncludingDisabled(deps, requireUser(request), request.params.locationId));

  app.get('/api/rooms/location/:locationId/:roomType', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'Bookable rooms of a type in a location, for the caller', params: RoomListParams, response: { 200: RoomList } },
  }, async (request) => roomsToBook(deps, requireUser(request), { locationId: request.params.locationId }, request.params.roomType));

  app.get('/api/rooms/site/:siteId/:roomType', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'Bookable rooms of a type at a site, for the caller', params: SiteRoomListParams, response: { 200: RoomList } },
  }, async (request) => roomsToBook(deps, requireUser(request), { siteId: request.params.siteId }, request.params.roomType));

  app.post('/api/rooms', {
    config: { access: 'admin' },
    schema: { tags, summary: 'Create a room', body: RoomInput, response: { 201: Room } },
  }, async (request, reply) => reply.code(201).send(await createRoom(deps, requireUser(request), request.body)));

  // Room approvers update the rooms they approve; the service checks the room (403 otherwise).
  app.post('/api/rooms/:id', {
    config: { access: 'roomApprover' },
    schema: { tags, summary: 'Update a room (admins; room admins of this room)', params: IdParam, body: RoomInput, response: { 200: Room } },
  }, async (request) => changeRoom(deps, requireUser(request), request.params.id, request.body));

  app.delete('/api/rooms/:id', {
    config: { access: 'admin' },
    schema: { tags, summary: 'Delete a room (refused while active future bookings exist)', params: IdParam, response: { 204: noContentResponse('Deleted') } },
  }, async (request, reply) => {
    await removeRoom(deps, request.params.id);
    return reply.code(204).send(null);
  });
};
