import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pipeline, type Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, createBrotliCompress, createGzip, gzip, gzipSync, type BrotliOptions } from 'node:zlib';
import { preferredEncoding } from './contentNegotiation.js';

/**
 * Compression of what the server makes per request (issue 19): JSON answers, the page with its preload
 * hints, CSV and calendar feeds. Brotli when the client takes it, else gzip; nothing below 1 KB. The
 * coding is chosen as for the prebuilt answers (contentNegotiation.ts, RFC 9110's weights), so every
 * route gives a client the same coding.
 *
 * One onSend hook of our own rather than @fastify/compress (used until session 26): the plugin asks of
 * every answer whether it is a fetch `Response`, and the first such question loads Node's fetch
 * implementation (undici), which nothing else here needs and which then stays resident: 4-6 MiB of an
 * idle instance's ~100 (issue 19, point 4; bench/README.md, session 26). What the plugin did for us is
 * this file: pick the coding, compress a body in one call or a stream through zlib, set
 * Content-Encoding and Vary, drop a Content-Length that no longer holds.
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
 * Answers up to this size are compressed in one synchronous call, bigger ones in one call on zlib's
 * thread pool (the request's own turn would be held too long). 512 KB, not 128: Who's in under "names
 * for everyone" (2,000 people: ~314 KB) took brotli 4 in one call 1.8-3.0 ms, as a stream 2.9-8.5 ms
 * (issue 20, 2026-11-26).
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

/** Adds accept-encoding to Vary, once. */
function varyOnEncoding(current: unknown): string {
  const value = [current ?? []].flat().map(String).join(', ');
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(value)) return value;
  return value ? `${value}, accept-encoding` : 'accept-encoding';
}

export type Coding = 'br' | 'gzip';
const CODINGS: readonly Coding[] = ['br', 'gzip'];
const BROTLI: BrotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } };
const brotliLater = promisify(brotliCompress);
const gzipLater = promisify(gzip);

/**
 * A body in one call: on the request's own turn up to SYNC_COMPRESS_CEILING, else on the thread pool. A
 * string goes to zlib as it is (encoded as UTF-8 there, no copy here); the ceiling is then read in its
 * characters, which for our JSON and HTML are nearly all one byte.
 */
export function compressBody(body: Buffer | string, coding: Coding): Buffer | Promise<Buffer> {
  if (body.length <= SYNC_COMPRESS_CEILING) return coding === 'br' ? brotliCompressSync(body, BROTLI) : gzipSync(body);
  return coding === 'br' ? brotliLater(body, BROTLI) : gzipLater(body);
}

/** A streamed body (a CSV export) through zlib; an error on either side ends both, and the reply with them. */
function compressStream(body: Readable, coding: Coding): Readable {
  const encoder = coding === 'br' ? createBrotliCompress(BROTLI) : createGzip();
  return pipeline(body, encoder, () => { /* the reply sees the encoder end or fail */ });
}

/** Whether this answer is one to compress at all: a compressible type, not already coded, not a built file. */
function wantsCompression(request: FastifyRequest, reply: FastifyReply): boolean {
  // The web app's files (the routes @fastify/static makes, which carry the file in their config) are
  // served precompressed or as they are.
  if ((request.routeOptions.config as { file?: unknown } | undefined)?.file !== undefined) return false;
  const coded = reply.getHeader('content-encoding');
  if (coded !== undefined && coded !== 'identity') return false;
  return isCompressibleType(String(reply.getHeader('content-type') ?? 'application/json'));
}

export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload: unknown) => {
    if (payload === null || payload === undefined || !wantsCompression(request, reply)) return payload;
    const isStream = typeof (payload as Readable).pipe === 'function';
    if (!isStream) {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      // A string of at least THRESHOLD characters has at least as many bytes: no need to count them.
      if (payload.length < COMPRESS_THRESHOLD && Buffer.byteLength(payload) < COMPRESS_THRESHOLD) return payload;
    }
    // From here the answer would be compressed for a client that takes it, so it varies by
    // Accept-Encoding even when this client gets it plain: a shared cache must not keep one form for all.
    reply.header('vary', varyOnEncoding(reply.getHeader('vary')));
    const coding = preferredEncoding(request.headers['accept-encoding'], CODINGS);
    if (coding === null) return payload;
    reply.header('content-encoding', coding);
    reply.removeHeader('content-length');
    if (isStream) return compressStream(payload as Readable, coding);
    return compressBody(payload as Buffer | string, coding);
  });
}
