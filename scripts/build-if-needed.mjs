// Before `npm start` / `npm run demo`: builds what is missing or older than its sources, the web app
// (scripts/build-web-if-needed.mjs) and the compiled server (scripts/build-server.mjs), then returns so
// the npm script can `exec node dist/server/main.js`. A release (no src/ folder) never builds here.
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_INPUTS, SERVER_STAMP } from './build-server.mjs';
import { newestMtime } from './newestMtime.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(ROOT);


if (!existsSync('src')) {
  if (existsSync('dist/server/main.js')) process.exit(0);
  console.error('dist/server/main.js is missing and there are no sources to build it from.');
  process.exit(1);
}

// One build at a time: a second `npm start` (or a test) arriving mid-build waits, then finds it fresh.
const LOCK = 'dist/.building';
mkdirSync('dist', { recursive: true });
for (let waited = 0; ; waited += 200) {
  try {
    mkdirSync(LOCK);
    break;
  } catch (err) {
    if (err.code !== 'EEXIST') throw err;
    // A build killed half-way leaves its lock: older than ten minutes, it is nobody's.
    if (Date.now() - statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs > 600_000) rmSync(LOCK, { recursive: true, force: true });
    if (waited % 10_000 === 0) console.log('Waiting for another build to finish...');
    await delay(200);
  }
}
let status = 0;
try {
  const web = spawnSync(process.execPath, ['scripts/build-web-if-needed.mjs'], { stdio: 'inherit' });
  status = web.status ?? 1;
  const builtAt = existsSync(SERVER_STAMP) ? statSync(SERVER_STAMP).mtimeMs : 0;
  if (status === 0 && builtAt < Math.max(...SERVER_INPUTS.map(newestMtime))) {
    console.log('Compiling the server (first start or sources changed)...');
    status = buildServer();
  }
} finally {
  rmSync(LOCK, { recursive: true, force: true });
}
process.exit(status);
