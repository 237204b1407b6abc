// Writes x.br (brotli, quality 11) and x.gz (gzip, level 9) beside each text file of the built web app,
// so the server sends the compressed copy (@fastify/static `preCompressed`, src/server/http/webAssets.ts)
// without compressing anything per request. Runs at the end of every `vite build` (vite.config.ts) and
// on its own: `node scripts/precompress-web.mjs [dist/web]`.
//
// Kept: files of at least MIN_BYTES whose compressed copy saves at least a tenth. index.html is left
// out: the server reads it once as a template and sends each page compressed per request.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export const MIN_BYTES = 1024;
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map|wasm)$/i;
const MARKER = join('.vite', 'precompressed.json');

function filesOf(dir, root = dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') out.push(...filesOf(path, root));
    } else {
      out.push(relative(root, path));
    }
  }
  return out;
}

/**
 * Precompresses `dir` (default dist/web); removes compressed copies left from files no longer there.
 * Returns what it wrote, and records it in <dir>/.vite/precompressed.json (scripts/build-web-if-needed.mjs
 * looks for it).
 */
export async function precompressDir(dir = 'dist/web') {
  const files = filesOf(dir);
  const present = new Set(files);
  for (const f of files) {
    if (/\.(br|gz)$/.test(f) && !present.has(f.slice(0, -3))) rmSync(join(dir, f));
  }
  const sources = files.filter((f) => TEXT.test(f) && f !== 'index.html');
  const written = {};
  // zlib's async calls run on libuv's thread pool: files are compressed side by side.
  await Promise.all(sources.map(async (f) => {
    const path = join(dir, f);
    const data = readFileSync(path);
    for (const ext of ['.br', '.gz']) rmSync(path + ext, { force: true });
    if (data.length < MIN_BYTES) return;
    const [br, gzipped] = await Promise.all([
      brotli(data, { params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_LGWIN]: 24,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      } }),
      gz(data, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    const entry = { bytes: data.length };
    if (br.length <= data.length * 0.9) { writeFileSync(path + '.br', br); entry.br = br.length; }
    if (gzipped.length <= data.length * 0.9) { writeFileSync(path + '.gz', gzipped); entry.gz = gzipped.length; }
    written[f] = entry;
  }));
  mkdirSync(join(dir, '.vite'), { recursive: true });
  writeFileSync(join(dir, MARKER), JSON.stringify(written, null, 1));
  return written;
}

export const isPrecompressed = (dir = 'dist/web') => existsSync(join(dir, MARKER))
  && statSync(join(dir, MARKER)).mtimeMs >= (existsSync(join(dir, 'index.html')) ? statSync(join(dir, 'index.html')).mtimeMs : 0);

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = process.argv[2] ?? 'dist/web';
  const started = Date.now();
  const written = await precompressDir(dir);
  const sum = (k) => Object.values(written).reduce((n, e) => n + (e[k] ?? 0), 0);
  console.log(`precompressed ${Object.keys(written).length} files in ${dir} in ${Date.now() - started} ms: `
    + `${sum('bytes')} B -> br ${sum('br')} B, gzip ${sum('gz')} B`);
}
