import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParam } from '../../../domain/wire/common.js';
import { LayoutRecord } from '../../../domain/wire/floorplans.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { loadPublishedLayout } from './publishedLayout.repo.js';

export const publishedLayoutRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/floorplans/:id/layout', {
    config: { access: 'signedIn' },
    schema: { tags: ['floorplans'], params: IdParam, response: { 200: LayoutRecord } },
  }, async (request) => {
    const layout = await loadPublishedLayout(deps.pool, request.params.id);
    if (!layout) throw notFound('A published layout for this floorplan');
    return layout;
  });
};
