import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * In a fresh node process (this worker has long loaded undici itself): whether loading pg pulled in
 * undici, whether a navigator is left behind, and whether pg is whole (its Client class is there).
 */
function loadPg(first: string | undefined): { undici: boolean; navigatorBefore: string; navigatorAfter: string; client: string } {
  const script = `
    const navigatorBefore = typeof globalThis.navigator;
    ${first ? `await import(${JSON.stringify(first)});` : ''}
    const pg = (await import('pg')).default;
    console.log(JSON.stringify({
      undici: process.moduleLoadList.some((m) => m.includes('undici')),
      navigatorBefore, navigatorAfter: typeof globalThis.navigator, client: typeof pg.Client,
    }));`;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
  return JSON.parse(out) as ReturnType<typeof loadPg>;
}

describe('loading pg first (issue 19, point 4)', () => {
  it('does not load undici, and leaves the globals as Node made them', () => {
    const loaded = loadPg(new URL('./loadPgFirst.ts', import.meta.url).href);
    expect(loaded.undici).toBe(false);
    expect(loaded.navigatorAfter).toBe(loaded.navigatorBefore);
    expect(loaded.client).toBe('function');
  });

  // Where Node has no navigator (Node 20), pg's own probe constructs a fetch Response: the case above
  // is only worth its module there. Node 21+ has a navigator and pg never reaches the probe.
  it.runIf(!('navigator' in globalThis))('is needed: pg alone loads undici on this Node', () => {
    expect(loadPg(undefined).undici).toBe(true);
  });
});
