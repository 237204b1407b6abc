import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { textResponse } from '../../http/openApiResponses.js';
import { PreRegisterBody, PreRegisterResponse } from './users.schemas.js';
import { preRegister } from './users.service.js';

export const usersRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  // SPEC 7: answers the text true or false, for anyone.
  app.get('/api/users/current/isAuthenticated', {
    config: { access: 'anonymous' },
    schema: { tags: ['users'], response: { 200: textResponse('text/plain', 'The text true or false') } },
  }, async (request, reply) => reply.type('text/plain; charset=utf-8').send(request.user ? 'true' : 'false'));

  app.post('/api/users', {
    config: { access: 'admin' },
    schema: { tags: ['users'], body: PreRegisterBody, response: { 201: PreRegisterResponse } },
  }, async (request, reply) => reply.code(201).send(await preRegister(deps.pool, request.body)));
};
