import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { registerBuiltAssets } from './builtAssets.js';
import { isGuardedPath } from './guard.js';
import { notFoundBody } from './errorHandler.js';
import { pageWithHints, type PagePreloads } from './pagePreloads.js';

export const WEB_DIST = join(process.cwd(), 'dist', 'web');

const BASE_META = '<meta name="hotdesk-base" content="">';

/** Server paths that are never a screen of the web app: without their route (metrics off) they are a 404, not the page. */
const NOT_PAGES = new Set(['/metrics']);

export interface WebAssetOptions {
  distDir?: string;
  /** What the page asked for will need first, named in its head as preload hints (pagePreloads.ts). */
  preloads?: PagePreloads;
}

/**
 * Serves the built React app under the base path. The build uses relative asset URLs ('./assets/');
 * index.html is rewritten once at start-up with the real base path, so one build serves any PUBLIC_URL.
 */
export async function registerWebAssets(app: FastifyInstance, basePath: string, { distDir = WEB_DIST, preloads }: WebAssetOptions = {}): Promise<void> {
  const indexFile = join(distDir, 'index.html');
  const baseMeta = `<meta name="hotdesk-base" content="${basePath}">`;
  const indexHtml = existsSync(indexFile)
    ? readFileSync(indexFile, 'utf8').replaceAll('"./', `"${basePath}/`).replace(BASE_META, baseMeta)
    : '<!doctype html><title>Hotdesk</title><p>The web app has not been built. Run <code>npm run build</code>.</p>';

  if (existsSync(distDir)) {
    // The hashed files are served from memory (builtAssets.ts); the few others (icons, manifest, service worker) from disk.
    registerBuiltAssets(app, basePath, join(distDir, 'assets'));
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: `${basePath}/`,
      index: false,
      wildcard: false, // one route per built file, so the page fallback below can own the wildcard
      // The build writes x.br and x.gz beside each text file (scripts/precompress-web.mjs): sent by the
      // client's Accept-Encoding (br first), with Vary: Accept-Encoding and each form's own ETag; a file
      // without them is sent as it is (compression.ts leaves these routes alone). The compressed
      // copies are not routes of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz', 'assets/**'],
      setHeaders: (res, path) => {
        // Hashed file names never change content: cache for a year. Everything else revalidates.
        res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // The page with its hints, if any: calls at the top of the head, a screen's files after the app's own, its heading.
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply, routerPath: string) => {
    const hints = preloads ? await preloads(request, routerPath) : null;
    const html = hints ? pageWithHints(indexHtml, baseMeta, hints) : indexHtml;
    // Hints differ by person (signed in or not): a shared cache must not hand one person's page to another.
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('Vary', 'Cookie').send(html);
  };

  app.get(basePath === '' ? '/' : basePath, (_req, reply) => reply.redirect(`${basePath}/menu`, 302));
  if (basePath !== '') app.get(`${basePath}/`, (_req, reply) => reply.redirect(`${basePath}/menu`, 302));

  // Client-side routes: any other GET for a page under the base path gets the app; unknown API
  // paths and missing files still get a JSON 404.
  app.get(`${basePath}/*`, (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage = !isGuardedPath(path, basePath) && !/\.[a-z0-9]{1,8}$/i.test(path) && !NOT_PAGES.has(path.slice(basePath.length));
    if (isPage) return sendIndex(request, reply, path.slice(basePath.length) || '/');
    return reply.code(404).send(notFoundBody(request.method, request.url));
  });
}
