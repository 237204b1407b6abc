import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TeamList } from '../../../domain/wire/teams.js';
import type { AppDeps } from '../../deps.js';
import { listTeams } from './teams.service.js';

export const teamsRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/teams', {
    config: { access: 'signedIn' },
    schema: { tags: ['teams'], summary: 'All teams (Id, Name)', response: { 200: TeamList } },
  }, async () => listTeams(deps));
};
