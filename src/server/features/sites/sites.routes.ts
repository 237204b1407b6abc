import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParam } from '../../../domain/wire/common.js';
import { MySiteList, RoomTypeParam, Site, SiteInput, SiteList } from '../../../domain/wire/sites.js';
import type { AppDeps } from '../../deps.js';
import { noContentResponse } from '../../http/openApiResponses.js';
import { requireUser } from '../../http/guard.js';
import {
  allSites, changeSite, createSite, removeSite, siteFor, sitesForDesks, sitesForRoomType, sitesIAdminister,
} from './sites.service.js';

export const sitesRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['sites'];

  app.get('/api/sites', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'All live sites', response: { 200: SiteList } },
  }, async () => allSites(deps));

  app.get('/api/sites/byRoomType/:type', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'Sites with bookable rooms of a type (0 meeting, 1 clinical) the caller may choose', params: RoomTypeParam, response: { 200: SiteList } },
  }, async (request) => sitesForRoomType(deps, requireUser(request), request.params.type));

  app.get('/api/sites/desks', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'Sites with a published floorplan where the caller may book desks', response: { 200: SiteList } },
  }, async (request) => sitesForDesks(deps, requireUser(request)));

  app.get('/api/sites/my', {
    config: { access: 'siteLvlAdmin' },
    schema: { tags, summary: "Sites the caller is a resource admin of (all for admins)", response: { 200: MySiteList } },
  }, async (request) => sitesIAdminister(deps, requireUser(request)));

  app.get('/api/sites/:id', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'One site; access lists for admins only', params: IdParam, response: { 200: Site } },
  }, async (request) => siteFor(deps, requireUser(request), request.params.id));

  app.post('/api/sites', {
    config: { access: 'admin' },
    schema: { tags, summary: 'Create a site', body: SiteInput, response: { 201: Site } },
  }, async (request, reply) => reply.code(201).send(await createSite(deps, request.body, requireUser(request))));

  app.post('/api/sites/:id', {
    config: { access: 'admin' },
    schema: { tags, summary: 'Update a site (missing fields keep their value)', params: IdParam, body: SiteInput, response: { 200: Site } },
  }, async (request) => changeSite(deps, request.params.id, request.body, requireUser(request)));

  app.delete('/api/sites/:id', {
    config: { access: 'admin' },
    schema: { tags, summary: 'Delete a site (refused while active future bookings exist)', params: IdParam, response: { 204: noContentResponse('Deleted') } },
  }, async (request, reply) => {
    await removeSite(deps, request.params.id);
    return reply.code(204).send(null);
  });
};
