/**
 * New-version rule (SPEC 4 'New version', SPEC 9): the web app polls /meta.json and compares the
 * version it reports with the one the page loaded with. Pure, so the rule is tested at its edges.
 *
 * - A version at or above 0.3.0 that differs from the loaded one (a new release, or a roll-back)
 *   clears the caches and reloads the page: the page's code no longer matches the server.
 * - A version below 0.3.0 (SPEC: "a version below 0.3.0 triggers a cache clear") clears the caches
 *   only, when first seen (at load, or when it changes) -- never a reload, so it cannot loop.
 * - The first answer after load is the baseline: nothing reloads then, so a reload can never loop.
 * - An answer that is not a version (a proxy's error page, an empty file) changes nothing.
 */
export const CACHE_RESET_VERSION = '0.3.0';

export type VersionAction = 'none' | 'clearCaches' | 'clearCachesAndReload';

interface Parsed { core: [number, number, number]; pre: string[] }

/** Parses `1.2.3`, `v1.2.3`, `1.2` and `1.2.3-beta.1+build` (build metadata ignored); undefined if not a version. */
export function parseVersion(text: string): Parsed | undefined {
  const m = /^\s*v?(\d{1,9})(?:\.(\d{1,9}))?(?:\.(\d{1,9}))?(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?\s*$/.exec(text);
  if (!m) return undefined;
  return { core: [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)], pre: m[4] ? m[4].split('.') : [] };
}

/** Semantic-version order: negative when a < b, 0 when equal, positive when a > b. Unparsable text sorts first. */
export function compareVersions(a: string, b: string): number {
  const pa = parseVersion(a);
  const pb = parseVersion(b);
  if (!pa || !pb) return (pa ? 1 : 0) - (pb ? 1 : 0);
  for (let i = 0; i < 3; i++) {
    const d = pa.core[i]! - pb.core[i]!;
    if (d !== 0) return Math.sign(d);
  }
  // A pre-release sorts before its release; identifiers compare numerically when both are numbers.
  if (pa.pre.length === 0 || pb.pre.length === 0) return (pa.pre.length === 0 ? 1 : 0) - (pb.pre.length === 0 ? 1 : 0);
  for (let i = 0; i < Math.max(pa.pre.length, pb.pre.length); i++) {
    const x = pa.pre[i];
    const y = pb.pre[i];
    if (x === undefined || y === undefined) return x === undefined ? -1 : 1;
    if (x === y) continue;
    const nx = /^\d+$/.test(x);
    const ny = /^\d+$/.test(y);
    if (nx && ny) return Math.sign(Number(x) - Number(y));
    if (nx !== ny) return nx ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

/**
 * What to do with the version /meta.json reports (`latest`), given the version the page loaded with
 * (`loaded`; undefined for the first answer after load, which becomes the baseline).
 */
export function versionAction(loaded: string | undefined, latest: string): VersionAction {
  if (!parseVersion(latest)) return 'none';
  const changed = loaded === undefined || !parseVersion(loaded) || compareVersions(latest, loaded) !== 0;
  if (compareVersions(latest, CACHE_RESET_VERSION) < 0) return changed ? 'clearCaches' : 'none';
  if (loaded === undefined) return 'none';
  return changed ? 'clearCachesAndReload' : 'none';
}
