/**
 * Bytes a browser downloads to open a screen cold (issue 19): the page, its scripts and styles, its calls
 * and anything else (icons, manifest, service worker), summed from Chromium's network events as the
 * encoded (on-the-wire) body sizes, headers left out. Screens: the home menu (/menu), the desk floorplan
 * screen of the demo's published floorplan, and the meeting room page, each in a fresh browser context
 * (empty cache) as the demo's staff member.
 *
 * The app is started as `npm run demo` starts it (built if needed, then `node dist/server/main.js --demo`)
 * with a fresh HOTDESK_DATA_DIR on a free port, from BENCH_APP_DIR (default: this checkout). To measure
 * an older build, point BENCH_APP_DIR at a checkout of it (e.g. `git archive <commit> | tar -x -C /tmp/old`,
 * node_modules symlinked).
 *
 * Run: flock /tmp/bench.lock npx tsx bench/transfer.bench.ts   (needs /usr/bin/chromium); BENCH_LIST=1 lists every
 * request with its size (on stderr).
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { freePort } from '../src/server/db/embedded.js';

const APP_DIR = resolve(process.env.BENCH_APP_DIR ?? process.cwd());
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

// A checkout from before the compiled server (no build-if-needed script) runs its sources under tsx.
const compiled = existsSync(join(APP_DIR, 'scripts/build-if-needed.mjs'));
if (compiled && spawnSync(process.execPath, ['scripts/build-if-needed.mjs'], { cwd: APP_DIR, stdio: 'inherit' }).status !== 0) {
  throw new Error('building the app failed');
}
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'hotdesk-transfer-'));
// Run as root, the embedded PostgreSQL runs as another user, which must be able to enter the folder.
if (process.getuid?.() === 0) chmodSync(dataDir, 0o755);
const server = spawn(compiled ? process.execPath : 'npx', compiled ? ['dist/server/main.js', '--demo'] : ['tsx', 'src/server/main.ts', '--demo'], {
  cwd: APP_DIR, detached: true, stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', HOTDESK_DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: '', DATABASE_URL: '' },
});
const stopServer = async () => {
  if (server.exitCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  process.kill(-server.pid!, 'SIGTERM'); // the group this script started (node, or npx / tsx / node)
  await exited;
};

try {
  for (let i = 0; ; i++) {
    try { if ((await fetch(`${origin}/readyz`)).ok) break; } catch { /* not up yet */ }
    if (i > 900) throw new Error('the demo server did not become ready');
    await new Promise((r) => setTimeout(r, 200));
  }

  console.error(`server ready on ${origin}`);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const signIn = async () => {
    const context = await browser.newContext({ baseURL: origin });
    const res = await context.request.post('/auth/login', { data: { email: 'staff@demo.hotdesk', password: 'demo-staff-2026' } });
    if (!res.ok()) throw new Error(`sign-in: ${res.status()} ${await res.text()}`);
    return context;
  };

  // The demo's published floorplan, found through the API as the screens find it.
  const api = await signIn();
  const json = async (path: string) => (await api.request.get(path)).json();
  let deskScreen = '';
  for (const site of await json('/api/sites')) {
    for (const location of await json(`/api/locations/site/${site.Id}`)) {
      for (const fp of await json(`/api/floorplans/location/${location.Id}`)) {
        if (!deskScreen && (await api.request.get(`/api/floorplans/${fp.Id}/layout`)).ok()) {
          const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
          deskScreen = `/menu/book/desk/${day}T09:00/${day}T17:00/${site.Id}/${location.Id}/${fp.Id}`;
        }
      }
    }
  }
  await api.close();
  if (!deskScreen) throw new Error('no published floorplan in the demo');

  const screens: Array<[string, string]> = [['home menu /menu', '/menu'], ['desk floorplan', deskScreen], ['meeting room page', '/menu/book/meeting/room']];
  // By what came back (a preloaded call is resource type 'other' until the app uses it).
  const kindOf = (type: string) => (/html/.test(type) ? 'html' : /javascript/.test(type) ? 'scripts' : /css/.test(type) ? 'styles' : /json/.test(type) ? 'calls' : 'other');

  console.log(`app: ${APP_DIR}`);
  console.log('| screen | requests | html | scripts | styles | calls | other | total (encoded body bytes) | br/gzip responses |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const [name, path] of screens) {
    const context = await signIn();
    const sizes: Record<string, number> = { html: 0, scripts: 0, styles: 0, calls: 0, other: 0 };
    let requests = 0, encoded = 0;
    const pending: Promise<void>[] = [];
    context.on('requestfinished', (request) => {
      pending.push((async () => {
        const response = await request.response();
        const s = await request.sizes();
        requests++;
        const headers = (await response?.allHeaders()) ?? {};
        sizes[kindOf(headers['content-type'] ?? '')]! += s.responseBodySize;
        if (process.env.BENCH_LIST === '1') console.error(`  ${(s.responseBodySize / 1024).toFixed(1).padStart(6)} KiB ${request.url().replace(origin, '')}`);
        if (/^(br|gzip)$/.test(headers['content-encoding'] ?? '')) encoded++;
      })());
    });
    console.error(`opening ${path}`);
    const page = await context.newPage();
    await page.goto(origin + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    await Promise.all(pending);
    const total = Object.values(sizes).reduce((a, b) => a + b, 0);
    const kB = (n: number) => (n / 1024).toFixed(1);
    console.log(`| ${name} | ${requests} | ${kB(sizes.html!)} | ${kB(sizes.scripts!)} | ${kB(sizes.styles!)} | ${kB(sizes.calls!)} | ${kB(sizes.other!)} | **${kB(total)} kB** | ${encoded} |`);
    await context.close();
  }
  await browser.close();
} finally {
  await stopServer();
  rmSync(dataDir, { recursive: true, force: true });
}
