import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Id } from '../../../domain/wire/common.js';
import { NearTeamAnswer, NearTeamQuery, WhosInQuery, WhosInResponse } from '../../../domain/wire/whosIn.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/guard.js';
import { nearTeam } from './nearTeam.service.js';
import { whosIn } from './whosIn.service.js';

export const whosInRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/whos-in', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['bookings'],
      summary: "Who's in on a day (YYYY-MM-DD, each site's own day): the people visible to you with a desk booked, per site. Names and places only; at most 60 reads a minute",
      querystring: WhosInQuery, response: { 200: WhosInResponse },
    },
    // The answer comes as JSON text built to the schema (whosIn.json.test.ts pins it to the schema's
    // encoding): sent as it is, without checking and encoding ~1,400 people under "names for everyone".
  }, async (request, reply) => reply.type('application/json; charset=utf-8').send(await whosIn(deps, requireUser(request), request.query.date) as never));

  app.get('/api/bookings/for/:floorplanId/near-team', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['bookings'],
      summary: "\"Near my team\" on a floor for the map's time range: ids of the desks near a desk a teammate has booked that day (each site's own day), or assigned to your teams. No names; at most 60 reads a minute",
      params: z.object({ floorplanId: Id }), querystring: NearTeamQuery, response: { 200: NearTeamAnswer },
    },
  }, async (request) => nearTeam(deps, requireUser(request), request.params.floorplanId, new Date(request.query.start), new Date(request.query.end)));
};
