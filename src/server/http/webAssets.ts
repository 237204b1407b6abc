import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isGuardedPath } from './guard.js';
import { notFoundBody } from './errorHandler.js';

export const WEB_DIST = join(process.cwd(), 'dist', 'web');

/**
 * Serves the built React app under the base path. The build uses relative asset URLs ('./assets/');
 * index.html is rewritten once at start-up with the real base path, so one build serves any PUBLIC_URL.
 */
export async function registerWebAssets(app: FastifyInstance, basePath: string, distDir = WEB_DIST): Promise<void> {
  const indexFile = join(distDir, 'index.html');
  const indexHtml = existsSync(indexFile)
    ? readFileSync(indexFile, 'utf8')
      .replaceAll('"./', `"${basePath}/`)
      .replace('<meta name="hotdesk-base" content="">', `<meta name="hotdesk-base" content="${basePath}">`)
    : '<!doctype html><title>Hotdesk</title><p>The web app has not been built. Run <code>npm run build</code>.</p>';

  if (existsSync(distDir)) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: `${basePath}/`,
      index: false,
      wildcard: false, // one route per built file, so the page fallback below can own the wildcard
      setHeaders: (res, path) => {
        // Hashed file names never change content: cache for a year. Everything else revalidates.
        res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const sendIndex = (reply: import('fastify').FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);

  app.get(basePath === '' ? '/' : basePath, (_req, reply) => reply.redirect(`${basePath}/menu`, 302));
  if (basePath !== '') app.get(`${basePath}/`, (_req, reply) => reply.redirect(`${basePath}/menu`, 302));

  // Client-side routes: any other GET for a page under the base path gets the app; unknown API
  // paths and missing files still get a JSON 404.
  app.get(`${basePath}/*`, (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage = !isGuardedPath(path, basePath) && !/\.[a-z0-9]{1,8}$/i.test(path);
    if (isPage) return sendIndex(reply);
    return reply.code(404).send(notFoundBody(request.method, request.url));
  });
}
