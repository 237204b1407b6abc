import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminTeam, TeamGroupSync, TeamInput, TeamMembersInput, TeamWithMembers } from '../../../domain/wire/admin.js';
import { IdParam } from '../../../domain/wire/common.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/guard.js';
import { createTeam, deleteTeam, setMembers, teamGroupSync, teamWithMembers, updateTeamById } from './teamsAdmin.service.js';

/** Teams administration (admins): create, rename, link to a group, delete, members. GET /api/teams is features/teams'. */
export const teamsAdminRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['teams'];

  app.post('/api/teams', {
    config: { access: 'admin' },
    schema: { tags, summary: 'Create a team { Name, OidcGroup? }', body: TeamInput, response: { 201: AdminTeam } },
  }, async (request, reply) => reply.code(201).send(await createTeam(deps, request.body, requireUser(request))));

  app.post('/api/teams/:id', {
    config: { access: 'admin' },
    schema: {
      tags, summary: 'Rename a team { Name }, and link it to an identity-provider group { OidcGroup } (null unlinks; absent keeps)',
      params: IdParam, body: TeamInput, response: { 200: AdminTeam },
    },
  }, async (request) => updateTeamById(deps, request.params.id, request.body, requireUser(request)));

  app.get('/api/teams/groupSync', {
    config: { access: 'admin' },
    schema: { tags, summary: 'Every team with its linked group, and how sign-in group sync is configured', response: { 200: TeamGroupSync } },
  }, async () => teamGroupSync(deps));

  app.delete('/api/teams/:id', {
    config: { access: 'admin' },
    schema: { tags, summary: 'Delete a team (409 while desks are assigned to it)', params: IdParam, response: { 200: z.object({ Success: z.boolean() }) } },
  }, async (request) => deleteTeam(deps, request.params.id, requireUser(request)));

  app.get('/api/teams/:id/members', {
    config: { access: 'admin' },
    schema: { tags, summary: 'A team, its linked group and its members', params: IdParam, response: { 200: TeamWithMembers } },
  }, async (request) => teamWithMembers(deps, request.params.id));

  app.post('/api/teams/:id/members', {
    config: { access: 'admin' },
    schema: { tags, summary: "Replace a team's members { UserIds }", params: IdParam, body: TeamMembersInput, response: { 200: TeamWithMembers } },
  }, async (request) => setMembers(deps, request.params.id, request.body.UserIds, requireUser(request)));
};
