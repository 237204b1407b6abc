import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam } from '../../../domain/wire/common.js';
import { PersonCard, PersonGlimpse, PersonRef, SearchTextParam, TeamRef } from '../../../domain/wire/people.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/guard.js';
import { findPeople, findTeams, personById } from './people.service.js';

/** People and team look-ups under /api/users (features/users owns the account calls). */
export const peopleRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['users'];

  // Admins, room approvers and booking managers search; the service checks (403 otherwise).
  app.get('/api/users/search/:text', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'People by name or e-mail (at least 3 characters; at most 50)', params: SearchTextParam, response: { 200: z.array(PersonRef) } },
  }, async (request) => findPeople(deps, requireUser(request), request.params.text));

  app.get('/api/users/searchTeams/:text', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'Teams by name (at most 50)', params: SearchTextParam, response: { 200: z.array(TeamRef) } },
  }, async (request) => findTeams(deps, requireUser(request), request.params.text));

  // The whole card for the person, admins and booking managers; name and photo for someone sharing a
  // booking with the caller; 404 for anyone else (the service decides).
  app.get('/api/users/:id', {
    config: { access: 'signedIn' },
    schema: {
      tags, summary: 'A person: Id, FullName, Email, Photo, UseTeams (or Id, FullName, Photo; see the service)',
      params: IdParam, response: { 200: z.union([PersonCard, PersonGlimpse]) },
    },
  }, async (request) => personById(deps, requireUser(request), request.params.id));
};
