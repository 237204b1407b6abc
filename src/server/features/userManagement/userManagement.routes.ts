import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AssignRolesInput, EmailParam, RoleList, SignOutEverywhereResponse } from '../../../domain/wire/admin.js';
import { IdParam } from '../../../domain/wire/common.js';
import { Profile } from '../../../domain/wire/profile.js';
import type { AppDeps } from '../../deps.js';
import { textResponse } from '../../http/openApiResponses.js';
import { requireUser } from '../../http/guard.js';
import { PersonSso, PersonSsoInput } from '../../../domain/wire/personSso.js';
import { adminsCsv, assignRoles, listRoles, personSso, profileByEmail, setPersonSso, signOutEverywhere } from './userManagement.service.js';

/** Roles, role assignment, the admins export, session revocation (issue 6) and the single sign-on mark (issue 18). */
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
  }, async (request) => assignRoles(deps, request.params.email, request.body.RoleIds, requireUser(request)));

  app.get('/api/users/admins/export', {
    config: { access: 'admin' },
    schema: { tags, summary: 'The admins as CSV (Id, FullName, Email)', response: { 200: textResponse('text/csv', 'The admins, as an attachment') } },
  }, async (_request, reply) => reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', 'attachment; filename="admins.csv"')
    .header('Cache-Control', 'no-store')
    .send(await adminsCsv(deps)));

  app.post('/api/users/:id/signOutEverywhere', {
    config: { access: 'admin' },
    schema: { tags, summary: "End every session of a person (they must sign in again)", params: IdParam, response: { 200: SignOutEverywhereResponse } },
  }, async (request) => signOutEverywhere(deps, request.params.id));

  app.get('/api/users/:id/sso', {
    config: { access: 'admin' },
    schema: { tags, summary: 'Whether the person is marked as expecting single sign-on, and whether an identity is linked', params: IdParam, response: { 200: PersonSso } },
  }, async (request) => personSso(deps, request.params.id));

  app.post('/api/users/:id/sso', {
    config: { access: 'admin' },
    schema: {
      tags,
      summary: 'Mark the person as expecting single sign-on (body ExpectsSso): their first OpenID Connect sign-in with a verified address may then link to them even if they have a password or the Admin role',
      params: IdParam, body: PersonSsoInput, response: { 200: PersonSso },
    },
  }, async (request) => setPersonSso(deps, request.params.id, request.body.ExpectsSso));
};
