import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { isPrecompressed, precompressDir } from './precompress-web.mjs';

const dir = mkdtempSync(join(tmpdir(), 'hotdesk-precompress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('precompress-web', () => {
  it('writes .br and .gz beside each text file over 1 KB that decode to it; not index.html, small or binary files; removes orphans', async () => {
    mkdirSync(join(dir, 'assets'));
    const script = Array.from({ length: 200 }, (_v, i) => `export const v${i} = "value ${i}";`).join('\n');
    const css = Array.from({ length: 100 }, (_v, i) => `.c${i} { color: #${String(i).padStart(6, '0')}; }`).join('\n');
    writeFileSync(join(dir, 'assets', 'index-1.js'), script);
    writeFileSync(join(dir, 'assets', 'index-1.css'), css);
    writeFileSync(join(dir, 'assets', 'small-1.js'), 'export const s = 1;');
    writeFileSync(join(dir, 'assets', 'logo.png'), Buffer.alloc(4096, 7));
    writeFileSync(join(dir, 'index.html'), `<!doctype html>${'<p>x</p>'.repeat(300)}`);
    writeFileSync(join(dir, 'assets', 'gone-1.js.br'), 'left from an older build');

    const written = await precompressDir(dir);

    expect(brotliDecompressSync(readFileSync(join(dir, 'assets', 'index-1.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(dir, 'assets', 'index-1.js.gz'))).toString()).toBe(script);
    expect(brotliDecompressSync(readFileSync(join(dir, 'assets', 'index-1.css.br'))).toString()).toBe(css);
    for (const f of ['assets/small-1.js.br', 'assets/small-1.js.gz', 'assets/logo.png.br', 'index.html.br', 'index.html.gz', 'assets/gone-1.js.br']) {
      expect(existsSync(join(dir, f)), f).toBe(false);
    }
    expect(Object.keys(written).sort()).toEqual(['assets/index-1.css', 'assets/index-1.js']);
    expect(written['assets/index-1.js']!.br).toBeLessThan(written['assets/index-1.js']!.gz!);
    expect(isPrecompressed(dir)).toBe(true);
  });
});
