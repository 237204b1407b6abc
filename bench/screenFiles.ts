/**
 * What each lazy screen loads beyond the app's first script, from a build's manifest: the number of
 * files (scripts and style sheets) and their brotli bytes. On a slow HTTP/1.1 connection each file
 * costs a round trip on one of six connections, so the count matters beside the bytes (Lighthouse's
 * replay of the desk floorplan: bench/README.md, session 22). Compares chunking choices without a browser.
 *
 * Run: npx tsx bench/screenFiles.ts [dist/web]   (after `npx vite build`; another folder for a build
 * made with `--outDir`)
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync } from 'node:zlib';

interface Chunk { file: string; imports?: string[]; css?: string[]; isDynamicEntry?: boolean }

const dir = resolve(process.argv[2] ?? 'dist/web');
const manifest = JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;

/** The chunk and everything it imports statically, each once. */
function closure(key: string): Map<string, Chunk> {
  const found = new Map<string, Chunk>();
  const visit = (k: string) => {
    const chunk = manifest[k];
    if (!chunk || found.has(k)) return;
    found.set(k, chunk);
    chunk.imports?.forEach(visit);
  };
  visit(key);
  return found;
}

/** A file's brotli size: the build's own .br copy when there is one. */
function brotliBytes(file: string): number {
  const br = join(dir, `${file}.br`);
  return existsSync(br) ? statSync(br).size : brotliCompressSync(readFileSync(join(dir, file))).length;
}

const firstLoad = new Set([...closure('index.html').values()].flatMap((c) => [c.file, ...(c.css ?? [])]));
const screens = Object.keys(manifest).filter((k) => manifest[k]!.isDynamicEntry && /features\/[^/]+\/index\.ts$/.test(k)).sort();
console.log('| screen | files beyond the first load | brotli bytes |\n|---|---|---|');
for (const screen of screens) {
  const files = new Set([...closure(screen).values()].flatMap((c) => [c.file, ...(c.css ?? [])]).filter((f) => !firstLoad.has(f)));
  const bytes = [...files].reduce((sum, f) => sum + brotliBytes(f), 0);
  console.log(`| ${screen.replace(/^src\/web\/features\//, '')} | ${files.size} | ${bytes} |`);
}
