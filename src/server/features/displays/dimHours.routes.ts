import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParam } from '../../../domain/wire/common.js';
import { SiteDisplayDim, SiteDisplayDimInput } from '../../../domain/wire/displayDim.js';
import type { AppDeps } from '../../deps.js';
import { changeSiteDisplayDim, siteDisplayDim } from './dimHours.js';

/** A site's door display auto-dim hours (admin, like the rest of Configure Sites). Registered by displaysRoutes. */
export const dimHoursRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['displays'];
  app.get('/api/sites/:id/display-dim', {
    config: { access: 'admin' },
    schema: { tags, summary: "A site's door display auto-dim hours (minutes since its midnight; default 20:00-07:00)", params: IdParam, response: { 200: SiteDisplayDim } },
  }, async (request) => siteDisplayDim(deps, request.params.id));

  app.put('/api/sites/:id/display-dim', {
    config: { access: 'admin' },
    schema: {
      tags, summary: "Changes a site's door display auto-dim hours (0-1439 each, different unless Dims is false: off)",
      params: IdParam, body: SiteDisplayDimInput, response: { 200: SiteDisplayDim },
    },
  }, async (request) => changeSiteDisplayDim(deps, request.params.id, request.body));
};
