// `npm run dev`: the edit loop. The server runs from its TypeScript sources under `tsx watch` (restarted
// on every save, no compile step) and Vite serves the web app with hot reload on http://localhost:5173,
// passing calls through to the server (vite.config.ts: server.proxy). Ctrl+C or SIGTERM stops both;
// when either stops, so does the other.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const tsx = join(dirname(require.resolve('tsx/package.json')), 'dist', 'cli.mjs');
const vite = join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');

const children = [
  spawn(process.execPath, [tsx, 'watch', '--clear-screen=false', 'src/server/main.ts'], { cwd: ROOT, stdio: 'inherit' }),
  spawn(process.execPath, [vite], { cwd: ROOT, stdio: 'inherit' }),
];
let exitCode = 0;
let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
let left = children.length;
for (const child of children) {
  child.on('exit', (code) => {
    if (code) exitCode = exitCode || code;
    stop('SIGTERM');
    if (--left === 0) process.exit(exitCode);
  });
}
