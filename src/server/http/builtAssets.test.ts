import Fastify from 'fastify';
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBuiltAssets, plainFormOf, registerBuiltAssets } from './builtAssets.js';

// The route on a bare Fastify over a folder of its own: the scripts' plain forms are read on demand.
// (compression.test.ts sends the same route through the whole app, precompressed by the build's script.)
const dir = mkdtempSync(join(tmpdir(), 'hotdesk-assets-'));
const script = 'export const x = 1;\n'.repeat(100);
for (const name of ['app-1.js', 'other-1.js', 'gone-1.js']) {
  writeFileSync(join(dir, name), script);
  writeFileSync(join(dir, `${name}.br`), brotliCompressSync(script));
  writeFileSync(join(dir, `${name}.gz`), gzipSync(script));
}
const app = Fastify();
beforeAll(async () => {
  registerBuiltAssets(app, '', dir);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (name: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: `/assets/${name}`, headers });

describe('a built file\'s plain form', () => {
  it('is read once, however many ask for it at the same time, and then held', async () => {
    const forms = loadBuiltAssets(dir).get('other-1.js')!;
    expect(forms.identity).toBeUndefined(); // not read at start-up: it has compressed copies
    const reads = [plainFormOf(forms), plainFormOf(forms), plainFormOf(forms)];
    expect(reads[1]).toBe(reads[0]);
    expect(reads[2]).toBe(reads[0]);
    expect((await reads[0]!).body.toString()).toBe(script);
    expect(plainFormOf(forms)).toBe(reads[0]);
  });

  it('is sent to concurrent clients that take no coding, and held once read', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => get('app-1.js')));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(script);
      expect(res.headers['etag']).toBe(answers[0]!.headers['etag']);
    }
    writeFileSync(join(dir, 'app-1.js'), 'changed on disk'); // a hashed name never changes content: not read again
    expect((await get('app-1.js')).body).toBe(script);
  });

  it('that cannot be read is a 500, and is read again at the next ask', async () => {
    unlinkSync(join(dir, 'gone-1.js'));
    expect((await get('gone-1.js')).statusCode).toBe(500);
    writeFileSync(join(dir, 'gone-1.js'), script);
    const again = await get('gone-1.js');
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(script);
  });
});

describe('the form sent and its ETag', () => {
  it('follow the client\'s q-values, never a refused coding', async () => {
    expect((await get('other-1.js', { 'accept-encoding': 'br;q=0.5, gzip' })).headers['content-encoding']).toBe('gzip');
    expect((await get('other-1.js', { 'accept-encoding': 'BR;q=0, gzip;q=0' })).headers['content-encoding']).toBeUndefined();
    expect((await get('other-1.js', { 'accept-encoding': 'identity, br;q=0.5' })).headers['content-encoding']).toBeUndefined();
    const br = await get('other-1.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
  });

  it('answer 304 to If-None-Match naming the form weakly, in a list, or *; 200 to another form\'s ETag', async () => {
    const br = await get('other-1.js', { 'accept-encoding': 'br' });
    const plain = await get('other-1.js');
    const etag = String(br.headers['etag']);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
      const res = await get('other-1.js', { 'accept-encoding': 'br', 'if-none-match': ifNoneMatch });
      expect(res.statusCode, ifNoneMatch).toBe(304);
      expect(res.rawPayload.length).toBe(0);
      expect(res.headers['etag']).toBe(etag);
    }
    expect((await get('other-1.js', { 'if-none-match': String(plain.headers['etag']) })).statusCode).toBe(304);
    expect((await get('other-1.js', { 'accept-encoding': 'br', 'if-none-match': String(plain.headers['etag']) })).statusCode).toBe(200);
  });
});
