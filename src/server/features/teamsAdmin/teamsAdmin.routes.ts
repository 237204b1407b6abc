import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TeamMembersInput, TeamNameInput, TeamWithMembers } from '../../../domain/wire/admin.js';
import { IdParam } from '../../../domain/wire/common.js';
import { TeamRef } from '../../../domain/wire/people.js';
import type { AppDeps } from '../../deps.js';
import { createTeam, deleteTeam, renameTeamById, setMembers, teamWithMembers } from './teamsAdmin.service.js';

/** Teams administration (admins): create, rename, delete, members. GET /api/teams is features/teams'. */
export const teamsAdminRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['teams'];

  app.post('/api/teams', {
    config: { access: 'admin' },
    schema: { tags, summary: 'Create a team { Name }', body: TeamNameInput, response: { 201: TeamRef } },
  }, async (request, reply) => reply.code(201).send(await createTeam(deps, request.body.Name)));

  app.post('/api/teams/:id', {
    config: { access: 'admin' },
    schema: { tags, summary: 'Rename a team { Name }', params: IdParam, body: TeamNameInput, response: { 200: TeamRef } },
  }, async (request) => renameTeamById(deps, request.params.id, request.body.Name));

  app.delete('/api/teams/:id', {
    config: { access: 'admin' },
    schema: { tags, summary: 'Delete a team (409 while desks are assigned to it)', params: IdParam, response: { 200: z.object({ Success: z.boolean() }) } },
  }, async (request) => deleteTeam(deps, request.params.id));

  app.get('/api/teams/:id/members', {
    config: { access: 'admin' },
    schema: { tags, summary: 'A team and its members', params: IdParam, response: { 200: TeamWithMembers } },
  }, async (request) => teamWithMembers(deps, request.params.id));

  app.post('/api/teams/:id/members', {
    config: { access: 'admin' },
    schema: { tags, summary: "Replace a team's members { UserIds }", params: IdParam, body: TeamMembersInput, response: { 200: TeamWithMembers } },
  }, async (request) => setMembers(deps, request.params.id, request.body.UserIds));
};
