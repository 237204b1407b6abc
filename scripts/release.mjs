// `npm run release`: release/hotdesk-<version>.tgz, a folder hotdesk-<version>/ holding the compiled
// server (dist/server, dist/domain, with its SQL migrations), the built web app (dist/web),
// package.json, package-lock.json, README.md, docs/ and LICENSE when there is one. Unpacked:
//   npm ci --omit=dev && npm start
// runs `node dist/server/main.js` with runtime dependencies only: no TypeScript tooling, no build.
// The build is brought up to date first (scripts/build-if-needed.mjs: whatever is older than its sources).
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseStartScript } from './startCommand.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(ROOT);

const build = spawnSync(process.execPath, ['scripts/build-if-needed.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const name = `hotdesk-${pkg.version}`;
const stage = join('release', name);
rmSync(stage, { recursive: true, force: true });
mkdirSync(stage, { recursive: true });

const skip = (src) => /(^|\/)\.(built|building)$/.test(src);
for (const dir of ['dist/server', 'dist/domain', 'dist/web']) {
  if (!existsSync(dir)) throw new Error(`${dir} is missing after the build`);
  cpSync(dir, join(stage, dir), { recursive: true, filter: (src) => !skip(src) });
}
for (const file of ['package-lock.json', 'README.md', 'LICENSE', 'LICENSE.md', 'LICENSE.txt']) {
  if (existsSync(file)) cpSync(file, join(stage, file));
}
if (existsSync('docs')) cpSync('docs', join(stage, 'docs'), { recursive: true });

// The release's scripts run the compiled server and nothing else (there is nothing to build from):
// package.json's own start and demo lines without the build step, so the node flags and the allocator's
// setting (memory, issue 19) are the same. Dependencies, devDependencies and overrides stay as they are so package-lock.json still
// matches (`npm ci` refuses a lock file that disagrees); `--omit=dev` leaves the devDependencies out.
// Optionally after environment settings (MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-2}: memory, issue 19).
const runOnly = (script) => parseStartScript(script, pkg.scripts[script]).command;
const releasePkg = {
  ...pkg,
  scripts: {
    start: runOnly('start'),
    demo: runOnly('demo'),
  },
};
writeFileSync(join(stage, 'package.json'), `${JSON.stringify(releasePkg, null, 2)}\n`);

const tarball = join('release', `${name}.tgz`);
const tar = spawnSync('tar', ['-czf', tarball, '--owner=0', '--group=0', '-C', 'release', name], { stdio: 'inherit' });
if (tar.status !== 0) process.exit(tar.status ?? 1);
rmSync(stage, { recursive: true, force: true });
console.log(`${tarball} (${(statSync(tarball).size / 1024 / 1024).toFixed(1)} MB). Unpack it, then: npm ci --omit=dev && npm start`);
