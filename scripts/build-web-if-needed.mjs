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
const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
process.exit(result.status ?? 1);
