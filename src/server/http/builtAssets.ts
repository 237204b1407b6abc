import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { etagMatches, preferredEncoding } from './contentNegotiation.js';
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
export interface AssetForms {
  type: string;
  file: string;
  /**
   * The plain form: read at start-up only for a file with no compressed copy (under 1 KB), else by
   * the first request that wants it; requests that come while it is read share that one read.
   */
  identity?: Promise<PlainForm>;
  /** The compressed copies there are, in the order they are preferred. */
  codings: ('br' | 'gzip')[];
  br?: Buffer;
  gzip?: Buffer;
  /** One ETag per form: a cache holding the brotli form must not revalidate it against the plain one. */
  etags: { br?: string; gzip?: string };
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  // pdf.js's worker keeps its .mjs name; browsers refuse a module script sent as octet-stream.
  '.mjs': 'text/javascript; charset=utf-8',
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

export interface PlainForm { body: Buffer; etag: string }

const plainForm = (body: Buffer): PlainForm => ({ body, etag: etagOf(body) });

/**
 * The file's plain form, read from disk once (without blocking the event loop). A failed read is
 * forgotten, so the next request tries again.
 */
export function plainFormOf(forms: AssetForms): Promise<PlainForm> {
  forms.identity ??= readFile(forms.file).then(plainForm, (err: unknown) => {
    forms.identity = undefined;
    throw err;
  });
  return forms.identity;
}

function readForms(dir: string, name: string): AssetForms {
  const file = join(dir, name);
  const copy = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : undefined);
  const br = copy('.br');
  const gzip = copy('.gz');
  return {
    type: TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream',
    file,
    // Read at start-up, with the other files: no request waits for it.
    identity: br || gzip ? undefined : Promise.resolve(plainForm(readFileSync(file))),
    codings: [...(br ? ['br' as const] : []), ...(gzip ? ['gzip' as const] : [])],
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
    const coding = preferredEncoding(request.headers['accept-encoding'], forms.codings);
    if (coding === null) return sendPlain(request, reply, forms);
    reply.header('Content-Encoding', coding);
    return sendForm(request, reply, forms, forms[coding]!, forms.etags[coding]!);
  });
}

async function sendPlain(request: FastifyRequest, reply: FastifyReply, forms: AssetForms): Promise<FastifyReply> {
  const { body, etag } = await plainFormOf(forms);
  return sendForm(request, reply, forms, body, etag);
}

function sendForm(request: FastifyRequest, reply: FastifyReply, forms: AssetForms, body: Buffer, etag: string): FastifyReply {
  reply.header('Content-Type', forms.type)
    .header('Cache-Control', 'public, max-age=31536000, immutable')
    .header('Vary', 'accept-encoding')
    .header('ETag', etag);
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.header('Content-Length', body.length).send(body);
}
