import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FavouriteDeskList, FavouriteDeskParams, MAX_FAVOURITE_DESKS } from '../../../domain/wire/favouriteDesks.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/guard.js';
import { noContentResponse } from '../../http/openApiResponses.js';
import { markFavouriteDesk, myFavouriteDesks, unmarkFavouriteDesk } from './favouriteDesks.service.js';

/**
 * A person's favourite desks (issue 20). Signed-in people only, each acting on their own list (the
 * session names the person; no path or body can name another). Abuse limits: at most
 * MAX_FAVOURITE_DESKS rows per person, desk ids of at most 64 characters; each call is one or two
 * small statements, so no rate limit beyond the count is needed.
 */
export const favouriteDesksRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['favourite desks'];

  app.get('/api/favourite-desks', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'My favourite desks, oldest first, with their site, location, floorplan and current published layout', response: { 200: FavouriteDeskList } },
  }, async (request) => myFavouriteDesks(deps, requireUser(request).id));

  app.put('/api/favourite-desks/:floorplanId/:deskId', {
    config: { access: 'signedIn' },
    schema: {
      tags, params: FavouriteDeskParams,
      summary: `Mark a bookable desk of a floorplan's published layout as my favourite (at most ${MAX_FAVOURITE_DESKS}; marking it again changes nothing). Answers my whole list.`,
      response: { 200: FavouriteDeskList, 201: FavouriteDeskList },
    },
  }, async (request, reply) => {
    const { created, list } = await markFavouriteDesk(deps, requireUser(request).id, request.params.floorplanId, request.params.deskId);
    return reply.code(created ? 201 : 200).send(list);
  });

  app.delete('/api/favourite-desks/:floorplanId/:deskId', {
    config: { access: 'signedIn' },
    schema: { tags, params: FavouriteDeskParams, summary: 'Remove one of my favourite desks', response: { 204: noContentResponse('Removed.') } },
  }, async (request, reply) => {
    await unmarkFavouriteDesk(deps, requireUser(request).id, request.params.floorplanId, request.params.deskId);
    return reply.code(204).send(null);
  });
};
