import type { FastifyInstance, RouteOptions } from 'fastify';
import compress from '@fastify/compress';
import { constants } from 'node:zlib';

/**
 * Compression of what the server makes per request (issue 19): JSON answers, the page with its preload
 * hints, CSV and calendar feeds. Brotli when the client takes it, else gzip; nothing below 1 KB.
 *
 * Files of the built web app are not compressed here: the build writes a .br (quality 11) and a .gz
 * (level 9) beside each one (scripts/precompress-web.mjs) and @fastify/static sends those
 * (`preCompressed`, webAssets.ts). A file with neither beside it was not worth compressing.
 *
 * Measured on this machine (docs in bench/README.md, 2026-11-25), CPU per answer: a ~1.2 KB list of
 * bookings 25–65 µs with brotli 4 (-> 245 B), 3.4 ms with brotli 11; ~100 KB 0.43–0.5 ms with brotli 4
 * (-> 3.4 KB; JSON.stringify of it costs 0.5 ms), 0.65–0.76 ms with gzip 6 (-> 5.7 KB), 300 ms with
 * brotli 11. So dynamic answers use brotli 4. Below 1 KB the gain is a few hundred bytes, less than a
 * TCP packet, for ~40 µs; the booking answers (a Booking, ~500 B) stay under it and the booking hot
 * path does no compression at all.
 */

/** Answers smaller than this are sent as they are. */
export const COMPRESS_THRESHOLD = 1024;
/**
 * Answers up to this size are compressed in one synchronous call rather than as a stream. 512 KB, not
 * 128: Who's in under "names for everyone" (2,000 people: ~314 KB) took brotli 4 in one call 1.8-3.0 ms,
 * as a stream 2.9-8.5 ms (issue 20, 2026-11-26).
 */
export const SYNC_COMPRESS_CEILING = 512 * 1024;
/** Brotli quality for answers made per request (11 is for build time only). */
export const DYNAMIC_BROTLI_QUALITY = 4;

/**
 * Types worth compressing: text (never text/event-stream: a stream of events must reach the client as
 * each is written), JSON, XML and SVG, JavaScript. Not images, archives, octet-stream.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|^application\/(?:[\w.+-]+\+)?json(?:;|$)|\+xml(?:;|$)|^application\/xml(?:;|$)|^(?:application|text)\/javascript(?:;|$)/;

export const isCompressibleType = (contentType: string): boolean => COMPRESSIBLE.test(contentType);

/** Adds accept-encoding to Vary (lower case: @fastify/compress looks for it so, and will not repeat it). */
function varyOnEncoding(current: unknown): string {
  const value = [current ?? []].flat().map(String).join(', ');
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(value)) return value;
  return value ? `${value}, accept-encoding` : 'accept-encoding';
}

export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Before the plugin's own onRoute hook: the web app's files (the routes @fastify/static makes for each
  // one, which carry the file in their config) are served precompressed or as they are.
  app.addHook('onRoute', (route: RouteOptions) => {
    if ((route.config as { file?: unknown } | undefined)?.file !== undefined) route.compress = false;
  });

  await app.register(compress, {
    global: true,
    // Request bodies are never compressed by our clients; decompressing them would let a small body
    // expand past the body limit's intent.
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    // Answers up to SYNC_COMPRESS_CEILING are compressed in one call on the request's own turn instead of through a
    // zlib stream on the thread pool (the plugin's default ceiling on 2 cores is 8 KB). Measured on the
    // whole-site room search's 74 KB answer: brotli 4 in one call 0.52-0.58 ms p50, 0.65-0.76 p95; as a
    // stream 0.66-0.71 p50 and 1.1-3.1 p95, plus the stream's extra hops (bench/README.md, issue 19).
    syncThreshold: SYNC_COMPRESS_CEILING,
    customTypes: COMPRESSIBLE,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
  });

  // Fastify answers HEAD through a twin of the GET route whose last onSend hook drops the body; the
  // plugin's hook lands after it, would find no body, and HEAD would describe the uncompressed answer
  // (no Content-Encoding, another Content-Length). Fastify's hook goes last again, so HEAD says what GET sends.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.method !== 'HEAD' || !Array.isArray(route.onSend)) return;
    const hooks = route.onSend as Array<{ name: string }>;
    const i = hooks.findIndex((hook) => hook.name === 'headRouteOnSendHandler');
    if (i >= 0 && i < hooks.length - 1) hooks.push(...hooks.splice(i, 1));
  });

  // An answer that would be compressed for a client that accepts it varies by Accept-Encoding even when
  // this client gets it plain (no Accept-Encoding): say so, or a shared cache may keep one form for all.
  // The plugin sets Vary only when it compresses.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    // A string of at least THRESHOLD characters has at least as many bytes: no need to count them.
    if (payload.length < COMPRESS_THRESHOLD && Buffer.byteLength(payload) < COMPRESS_THRESHOLD) return payload;
    if (!isCompressibleType(String(reply.getHeader('content-type') ?? 'application/json'))) return payload;
    reply.header('vary', varyOnEncoding(reply.getHeader('vary')));
    return payload;
  });
}
