/**
 * Accept-Encoding and If-None-Match as RFC 9110 reads them (sections 12.5.3 and 13.1.2), for the
 * routes that send answers they keep already compressed (builtAssets.ts, the published layout) and
 * for those compressed per request (compression.ts): a client gets the same coding from every route.
 */

/** A qvalue: 0 to 1 with at most three decimals (RFC 9110 12.4.2). */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * The weight of each coding an Accept-Encoding header names (lower case; `*` and `identity` too), or
 * null when there is no header. A member whose q is not a qvalue is left out: what a client did not
 * clearly accept is not sent to it. A coding named twice keeps its first weight.
 */
export function parseAcceptEncoding(header: string | undefined): Map<string, number> | null {
  if (header === undefined) return null;
  const weights = new Map<string, number>();
  for (const member of header.split(',')) {
    const [name = '', ...params] = member.split(';').map((s) => s.trim());
    if (name === '') continue;
    let q = 1;
    for (const param of params) {
      const [key = '', value = ''] = param.split('=').map((s) => s.trim());
      if (key.toLowerCase() === 'q') q = QVALUE.test(value) ? Number(value) : Number.NaN;
    }
    const coding = name.toLowerCase();
    if (!Number.isNaN(q) && !weights.has(coding)) weights.set(coding, q);
  }
  return weights;
}

/**
 * How much the client wants `coding` (0: not at all): its own q if named, else `*`'s, else 0; but
 * identity, unnamed and not refused by `*;q=0`, is acceptable as the least wanted form.
 */
export function encodingWeight(weights: Map<string, number>, coding: string): number {
  const q = weights.get(coding) ?? weights.get('*');
  if (q !== undefined) return q;
  return coding === 'identity' ? Number.MIN_VALUE : 0;
}

/** What `*` may stand for when choosing: gzip (which every client that sends `*` decodes, unlike br) and identity. */
const STAR_STANDS_FOR = new Set(['gzip', 'identity']);

/**
 * Which of `available` (the server's order of preference, e.g. ['br', 'gzip']) to send, or null to
 * send the answer as it is: the highest q wins, a tie goes to the earlier in `available`, and the
 * plain form only when the client wants it more than every coding at hand (`identity, gzip;q=0.5`).
 * Without an Accept-Encoding header the answer goes as it is (RFC 9110 lets the server choose, and a
 * client that says nothing, such as a script, may not decode). When the client accepts none of
 * `available`, the answer goes as it is even if identity is refused, as RFC 9110 12.5.3 advises.
 */
export function preferredEncoding<C extends string>(header: string | undefined, available: readonly C[]): C | null {
  const weights = parseAcceptEncoding(header);
  if (weights === null) return null;
  const weight = (coding: string) => (weights.has(coding) || STAR_STANDS_FOR.has(coding) ? encodingWeight(weights, coding) : 0);
  let best: C | null = null;
  let bestQ = 0;
  for (const coding of available) {
    const q = weight(coding);
    if (q > bestQ) { best = coding; bestQ = q; }
  }
  return weight('identity') > bestQ ? null : best;
}

/** An entity-tag (RFC 9110 8.8.3), W/ and all; group 1 is its opaque part, quotes included. */
const ENTITY_TAG = /(?:W\/)?("[^"]*")/g;

/**
 * Whether If-None-Match names `etag`, so the answer is a 304: `*` (any current form), or a list of
 * entity-tags compared weakly, as RFC 9110 13.1.2 asks of If-None-Match (W/"x" matches "x"). Tags
 * are found by their quotes, so a comma inside one does not split it.
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  for (const [, tag] of ifNoneMatch.matchAll(ENTITY_TAG)) if (tag === opaque) return true;
  return false;
}
