import type { FastifyInstance } from 'fastify';
import { forbidden } from './errors.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses unsafe requests (POST, DELETE, ...) sent from another origin: a second line behind the
 * SameSite=Lax cookie. Browsers send Origin on such requests; a request with neither Origin nor a
 * cross-site Sec-Fetch-Site comes from a non-browser client, which carries no ambient cookie risk.
 */
export function registerOriginCheck(app: FastifyInstance, publicOrigin: string | undefined): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      const host = request.headers.host;
      const allowed = new Set<string>();
      if (publicOrigin) allowed.add(publicOrigin);
      if (host) { allowed.add(`http://${host}`); allowed.add(`https://${host}`); }
      if (!allowed.has(origin)) throw forbidden('Requests from another site are not allowed.');
      return;
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden('Requests from another site are not allowed.');
  });
}
