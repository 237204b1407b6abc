import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../http/errors.js';

/** For load balancers: /healthz says the process answers; /readyz that it can reach the database. */
export const healthRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const Ok = z.object({ status: z.literal('ok') });
  app.get('/healthz', { config: { access: 'anonymous' }, schema: { tags: ['health'], response: { 200: Ok } } }, async () => ({ status: 'ok' as const }));
  app.get('/readyz', { config: { access: 'anonymous' }, schema: { tags: ['health'], response: { 200: Ok } } }, async () => {
    try {
      await deps.pool.query('SELECT 1');
    } catch {
      throw new AppError('UNAVAILABLE', 'The database is not available.');
    }
    return { status: 'ok' as const };
  });
};
