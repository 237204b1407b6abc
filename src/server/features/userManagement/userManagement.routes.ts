import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AssignRolesInput, EmailParam, RoleList, SignOutEverywhereResponse } from '../../../domain/wire/admin.js';
import { IdParam } from '../../../domain/wire/common.js';
import { Profile } from '../../../domain/wire/profile.js';
import type { AppDeps } from '../../deps.js';
import { adminsCsv, assignRoles, listRoles, profileByEmail, signOutEverywhere } from './userManagement.service.js';

/** Roles, role assignment, the admins export and session revocation (issue 6). */
export const userManagementRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['users'];

  app.get('/api/roles', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'All roles (Id, Name)', response: { 200: RoleList } },
  }, async () => listRoles(deps));

  app.get('/api/users/:email/roles', {
    config: { access: 'admin' },
    schema: { tags, summary: "A person's profile, with their roles (what the Assign Roles dialog starts from)", params: EmailParam, response: { 200: Profile } },
  }, async (request) => profileByEmail(deps, request.params.email));

  app.post('/api/users/:email/roles', {
    config: { access: 'admin' },
    schema: {
      tags,
      summary: "Replace a person's roles (body RoleIds). 409 when it would remove the last admin's Admin role. Answers the updated profile.",
      params: EmailParam, body: AssignRolesInput, response: { 200: Profile },
    },
  }, async (request) => assignRoles(deps, request.params.email, request.body.RoleIds));

  app.get('/api/users/admins/export', {
    config: { access: 'admin' },
    schema: { tags, summary: 'The admins as CSV (Id, FullName, Email)', response: { 200: z.string() } },
  }, async (_request, reply) => reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', 'attachment; filename="admins.csv"')
    .header('Cache-Control', 'no-store')
    .send(await adminsCsv(deps)));

  app.post('/api/users/:id/signOutEverywhere', {
    config: { access: 'admin' },
    schema: { tags, summary: "End every session of a person (they must sign in again)", params: IdParam, response: { 200: SignOutEverywhereResponse } },
  }, async (request) => signOutEverywhere(deps, request.params.id));
};
