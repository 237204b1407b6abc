import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WhosInQuery, WhosInResponse } from '../../../domain/wire/whosIn.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/guard.js';
import { whosIn } from './whosIn.service.js';

export const whosInRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/whos-in', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['bookings'],
      summary: "Who's in on a day (YYYY-MM-DD, each site's own day): the people visible to you with a desk booked, per site. Names and places only; at most 60 reads a minute",
      querystring: WhosInQuery, response: { 200: WhosInResponse },
    },
  }, async (request) => whosIn(deps, requireUser(request), request.query.date));
};
