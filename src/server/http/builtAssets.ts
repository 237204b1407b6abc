import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { notFoundBody } from './errorHandler.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on routes that send a built file: compression.ts leaves them alone. */
    file?: string;
  }
}

/**
 * The build's hashed files (dist/web/assets: scripts, styles, fonts), held in memory with their
 * precompressed copies and sent from there. A screen opens with ~30 of them over HTTP/1.1's six
 * connections, so each file's serving time is paid five or six times in a row before the first
 * script can run: read from disk by @fastify/static (stat, open, read and close on the thread pool,
 * beside the screen's own calls) the 5,000-desk floor's last script arrived at ~530 ms; from memory a
 * file costs one write. Their names change with their content, so what is read at start-up stays
 * right until the next build (which restarts the app). The br and gzip copies are held from the
 * start (~1.1 MB for today's build); a file's plain form only once a client that takes neither asks
 * for it (browsers always take one), so memory at rest grows by the compressed build only.
 */
interface AssetForms {
  type: string;
  file: string;
  /** The plain form: read at start-up only for a file with no compressed copy (under 1 KB). */
  identity?: { body: Buffer; etag: string };
  br?: Buffer;
  gzip?: Buffer;
  /** One ETag per form: a cache holding the brotli form must not revalidate it against the plain one. */
  etags: { br?: string; gzip?: string };
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
};

const etagOf = (body: Buffer) => `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;

const plainForm = (file: string) => { const body = readFileSync(file); return { body, etag: etagOf(body) }; };

function readForms(dir: string, name: string): AssetForms {
  const file = join(dir, name);
  const copy = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : undefined);
  const br = copy('.br');
  const gzip = copy('.gz');
  return {
    type: TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream',
    file,
    identity: br || gzip ? undefined : plainForm(file),
    br, gzip,
    etags: { br: br && etagOf(br), gzip: gzip && etagOf(gzip) },
  };
}

/** Reads every built file of `dir` (not the .br/.gz copies, which travel with their file). */
export function loadBuiltAssets(dir: string): Map<string, AssetForms> {
  const assets = new Map<string, AssetForms>();
  if (!existsSync(dir)) return assets;
  for (const name of readdirSync(dir)) {
    if (name.endsWith('.br') || name.endsWith('.gz')) continue;
    assets.set(name, readForms(dir, name));
  }
  return assets;
}

/** Whether Accept-Encoding takes `coding` (a q of 0 refuses it). */
export function acceptsEncoding(header: string | undefined, coding: 'br' | 'gzip'): boolean {
  if (!header) return false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    if (name.toLowerCase() !== coding) continue;
    const q = params.find((p) => p.toLowerCase().startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

/**
 * GET (and HEAD) `{basePath}/assets/{name}`: the file in the best form the client takes (br, then
 * gzip, else as it is), with its own ETag (304 on a match), `Vary: Accept-Encoding` and a year's
 * immutable caching. An unknown name, or a compressed copy asked for by name, is the JSON 404.
 */
export function registerBuiltAssets(app: FastifyInstance, basePath: string, dir: string): void {
  const assets = loadBuiltAssets(dir);
  // config.file marks a file route: compression.ts leaves it alone (the copies are already compressed).
  app.get<{ Params: { name: string } }>(`${basePath}/assets/:name`, { config: { file: 'asset' } }, (request, reply) => {
    const forms = assets.get(request.params.name);
    if (!forms) return reply.code(404).send(notFoundBody(request.method, request.url));
    const accept = request.headers['accept-encoding'];
    const coding = forms.br && acceptsEncoding(accept, 'br') ? 'br' : forms.gzip && acceptsEncoding(accept, 'gzip') ? 'gzip' : 'identity';
    const plain = coding === 'identity' ? (forms.identity ??= plainForm(forms.file)) : undefined;
    const body = plain ? plain.body : forms[coding as 'br' | 'gzip']!;
    const etag = plain ? plain.etag : forms.etags[coding as 'br' | 'gzip']!;
    reply.header('Content-Type', forms.type)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Vary', 'accept-encoding')
      .header('ETag', etag);
    if (coding !== 'identity') reply.header('Content-Encoding', coding);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.header('Content-Length', body.length).send(body);
  });
}
