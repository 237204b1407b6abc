// Builds the web app when dist/web is missing or older than any source file that goes into it,
// so `npm start` on a fresh clone serves the current screens without a separate build step.
import { existsSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { isPrecompressed, precompressDir } from './precompress-web.mjs';
import { newestMtime } from './newestMtime.mjs';

const INPUTS = ['src/web', 'src/domain', 'index.html', 'vite.config.ts', 'package-lock.json', 'public'];
const OUTPUT = 'dist/web/index.html';


const builtAt = existsSync(OUTPUT) ? statSync(OUTPUT).mtimeMs : 0;
const changedAt = Math.max(...INPUTS.map(newestMtime));
if (builtAt >= changedAt) {
  // Built before the build precompressed its files (issue 19): add the .br and .gz copies only.
  if (!isPrecompressed('dist/web')) await precompressDir('dist/web');
  process.exit(0);
}

console.log('Building the web app (first start or sources changed)...');
// NODE_ENV=production whatever the caller's: Vite builds React's development bundle when NODE_ENV says
// development or test (a test that starts `npm start`, a shell that set it), ~720 KB for the first script
// instead of ~490, and `npm start` would then serve it.
const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
process.exit(result.status ?? 1);
