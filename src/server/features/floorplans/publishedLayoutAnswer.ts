import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants, gzip } from 'node:zlib';
import type pg from 'pg';
import { LayoutRecord } from '../../../domain/wire/floorplans.js';
import { ReadCache } from '../../db/readCache.js';
import { loadPublishedLayout } from './publishedLayout.repo.js';

const brotli = promisify(brotliCompress);
const unbrotli = promisify(brotliDecompress);
const gzipped = promisify(gzip);

/**
 * GET /api/floorplans/{id}/layout's answer, encoded and compressed once per floorplan and configuration
 * version. A 5,000-desk floor's answer is ~650 KB of JSON: reading, encoding and compressing it cost
 * ~25 ms of the single event loop per request, while the page's scripts waited behind it
 * (bench/README.md, issue 20). Everything in the answer (the layout, the location's and site's fields)
 * lives in tables whose every change bumps the configuration version (migration 0008), which the
 * session lookup reads with each request: an entry is never served after a publish or an edit, and
 * the answer is the same for every signed-in caller (the route's access rule runs before it).
 */
export interface LayoutAnswer {
  /** Weak: the brotli, gzip and plain forms carry the same one (If-None-Match compares weakly). */
  etag: string;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Brotli quality for the kept answer: made once per version, so better than the per-request 4
 * (compression.ts). Measured on the 5,000-desk answer (656 KB): quality 4 gives 32 KB, 6 gives 20 KB
 * in ~20 ms off the event loop (zlib's thread pool); 11 would take seconds.
 */
export const LAYOUT_BROTLI_QUALITY = 6;

/** A few floors at a few versions: an old version's entry is never asked for again and ages out. */
const answers = new ReadCache<LayoutAnswer | undefined>(16);

export function publishedLayoutAnswer(db: pg.Pool, floorplanId: number, configVersion: number): Promise<LayoutAnswer | undefined> {
  return answers.get(db, `${floorplanId}@${configVersion}`, async () => {
    const layout = await loadPublishedLayout(db, floorplanId);
    if (!layout) return undefined;
    // Encoded with its schema once, as the route's serializer would for every request.
    const json = Buffer.from(JSON.stringify(LayoutRecord.encode(layout)));
    const [br, gz] = await Promise.all([
      brotli(json, { params: { [constants.BROTLI_PARAM_QUALITY]: LAYOUT_BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: json.length } }),
      gzipped(json),
    ]);
    return { etag: `W/"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`, br, gzip: gz };
  });
}

/** The plain JSON, for the rare client that takes neither brotli nor gzip (not kept: it is ~30 times larger). */
export const plainLayout = (answer: LayoutAnswer): Promise<Buffer> => unbrotli(answer.br);
