import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Id, IdParam } from '../../../domain/wire/common.js';
import { Location, LocationInput, LocationList } from '../../../domain/wire/locations.js';
import type { AppDeps } from '../../deps.js';
import { noContentResponse } from '../../http/openApiResponses.js';
import { requireUser } from '../../http/guard.js';
import { changeLocation, createLocation, locationsForDesks, locationsForRooms, removeLocation } from './locations.service.js';

const SiteIdParam = z.object({ siteId: Id });

export const locationsRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['locations'];

  app.get('/api/locations/site/:siteId', {
    config: { access: 'signedIn' },
    schema: { tags, summary: "A site's locations the caller may choose rooms in (all for admins)", params: SiteIdParam, response: { 200: LocationList } },
  }, async (request) => locationsForRooms(deps, requireUser(request), request.params.siteId));

  app.get('/api/locations/site/:siteId/desks', {
    config: { access: 'signedIn' },
    schema: { tags, summary: "A site's locations with a published floorplan where the caller may book desks", params: SiteIdParam, response: { 200: LocationList } },
  }, async (request) => locationsForDesks(deps, requireUser(request), request.params.siteId));

  app.post('/api/locations/site/:siteId', {
    config: { access: 'admin' },
    schema: { tags, summary: 'Create a location', params: SiteIdParam, body: LocationInput, response: { 201: Location } },
  }, async (request, reply) => reply.code(201).send(await createLocation(deps, request.params.siteId, request.body, requireUser(request))));

  app.post('/api/locations/:id', {
    config: { access: 'admin' },
    schema: { tags, summary: 'Update a location (missing fields keep their value)', params: IdParam, body: LocationInput, response: { 200: Location } },
  }, async (request) => changeLocation(deps, request.params.id, request.body, requireUser(request)));

  app.delete('/api/locations/:id', {
    config: { access: 'admin' },
    schema: { tags, summary: 'Delete a location (refused while active future bookings exist)', params: IdParam, response: { 204: noContentResponse('Deleted') } },
  }, async (request, reply) => {
    await removeLocation(deps, request.params.id);
    return reply.code(204).send(null);
  });
};
