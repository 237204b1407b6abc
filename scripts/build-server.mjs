// Compiles the server (src/server and the src/domain it imports) to plain JavaScript under dist/ with
// TypeScript's own compiler (tsconfig.build.json), so `npm start` runs `node dist/server/main.js`: no
// TypeScript tooling at run time. Files the server reads beside its code (SQL migrations, the logo) are
// copied next to the compiled modules. The stamp file written last marks a complete build.
import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_STAMP = 'dist/server/.built';
/** What goes into the compiled server: a change to any of them makes the build stale. */
export const SERVER_INPUTS = ['src/server', 'src/domain', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json', 'scripts/build-server.mjs'];
const ASSET = /\.(sql|svg)$/;
const SOURCE_ONLY = /\.test\.ts$|TestKit\.ts$/;

function copyAssets(from, to) {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const src = join(from, entry.name);
    if (entry.isDirectory()) {
      if (relative(ROOT, src) !== join('src', 'server', 'testing')) copyAssets(src, join(to, entry.name));
    } else if (ASSET.test(entry.name) && !SOURCE_ONLY.test(entry.name)) {
      mkdirSync(to, { recursive: true });
      copyFileSync(src, join(to, entry.name));
    }
  }
}

export function buildServer() {
  for (const dir of ['dist/server', 'dist/domain']) rmSync(join(ROOT, dir), { recursive: true, force: true });
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit', cwd: ROOT });
  if (result.status !== 0) return result.status ?? 1;
  copyAssets(join(ROOT, 'src', 'server'), join(ROOT, 'dist', 'server'));
  writeFileSync(join(ROOT, SERVER_STAMP), `${new Date().toISOString()}\n`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log('Compiling the server to dist/server...');
  process.exit(buildServer());
}
