import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../http/errors.js';

/**
 * For load balancers: /healthz says the process answers; /readyz that it can reach the database (503
 * while it cannot). The process listens only after every start-up step (main.ts, prepareStart), so a
 * first 200 also means ready to use: migrated, admin account made, demo data seeded, push keys agreed.
 */
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
