import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ErrorResponse } from '../../../domain/wire/common.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../http/errors.js';
import { METRICS_SCHEME, textResponse } from '../../http/openApiResponses.js';
import { createMetrics } from './metrics.service.js';

/** The bearer token of an Authorization header, or undefined. */
const bearerOf = (header: string | undefined): string | undefined => /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1];

/**
 * Prometheus metrics at GET <base>/metrics (issue 19), only when METRICS_TOKEN is set; otherwise there is
 * no such route (404, as any unknown path). It is outside the guarded prefixes and has no config.access:
 * no session is looked up and no session cookie opens it; the one way in is `Authorization: Bearer
 * <METRICS_TOKEN>`, compared in constant time (SHA-256 of both, then timingSafeEqual, so neither the
 * content nor the length of the token leaks through timing). Each instance answers its own metrics:
 * scrape every instance, not the load balancer.
 *
 * Call before the routes are registered: the request hooks must see every route.
 */
export function registerMetrics(app: FastifyInstance, deps: AppDeps): void {
  const token = deps.config.metricsToken;
  if (!token) return;
  const metrics = createMetrics(deps, app.log);
  const expected = createHash('sha256').update(token).digest();

  app.addHook('onRoute', metrics.onRoute);
  app.addHook('onResponse', (request, reply, done) => {
    metrics.onResponse(request, reply);
    done();
  });

  app.get(`${deps.config.basePath}/metrics`, {
    schema: {
      tags: ['health'],
      summary: 'Prometheus metrics of this instance (only when METRICS_TOKEN is set)',
      description: 'Prometheus text format 0.0.4. Needs Authorization: Bearer <METRICS_TOKEN>; a session does not open it. '
        + 'Without METRICS_TOKEN the path does not exist (404). Every instance answers its own: scrape each one.',
      security: [{ [METRICS_SCHEME]: [] }],
      response: { 200: textResponse('text/plain', 'The metrics, in Prometheus text format 0.0.4'), 401: ErrorResponse },
    },
  }, async (request, reply) => {
    const given = bearerOf(request.headers.authorization);
    const matches = timingSafeEqual(createHash('sha256').update(given ?? '').digest(), expected);
    if (given === undefined || !matches) {
      void reply.header('WWW-Authenticate', 'Bearer realm="hotdesk-metrics"');
      throw new AppError('NOT_SIGNED_IN', 'The metrics need Authorization: Bearer <METRICS_TOKEN>.');
    }
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).header('Cache-Control', 'no-store').send(text);
  });
}
