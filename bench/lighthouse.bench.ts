/**
 * Lighthouse mobile performance of the three main screens (issue 19, point 7: score >= 90 for /menu, the
 * desk floorplan screen and the meeting room page). Lighthouse from npm, its default mobile settings
 * (Moto G Power screen, simulated slow 4G and 4x CPU slowdown), performance category only, driving
 * Debian's Chromium. The app runs compiled (built if needed, then `node dist/server/main.js --demo`, as
 * `npm run demo`) on a fresh data folder and a free port; Lighthouse sends the demo staff member's
 * session cookie with every request.
 *
 * Prints, per screen, the median over BENCH_RUNS runs (default 3) of the score, First Contentful Paint,
 * Largest Contentful Paint, Total Blocking Time and Speed Index, the bytes transferred, and what the
 * median run blamed (LCP element, main-thread time per script). Simulated throttling multiplies the CPU
 * time observed on this host, so a busy host lowers the scores: the table gives Lighthouse's own measure
 * of the host's speed (benchmarkIndex, ~1,000-1,500 here when quiet; a run under ~800 was slowed by
 * other work), the load average, and the CPU time the hypervisor stole during the runs (/proc/stat).
 *
 * Run: flock /tmp/bench.lock npx tsx bench/lighthouse.bench.ts   (needs /usr/bin/chromium; builds if needed)
 * Options: BENCH_RUNS (default 3); BENCH_LH_OUT=dir (each run's full Lighthouse JSON report);
 * BENCH_LH_TRACES=1 (with BENCH_LH_OUT: each run's Chromium trace too, as <report>.trace.json);
 * BENCH_SCREENS=menu,floorplan,room (which screens, default all three); BENCH_LANTERN=1 (per run, the last
 * requests and main-thread tasks of Lighthouse's simulated LCP: what the simulated paint waited for);
 * BENCH_APP_DIR=dir[,dir2...] (the checkouts to build and start, default this one). With several, their
 * runs alternate screen by screen, so a before/after comparison sees the same noise: to measure an older
 * build, `git archive <commit> | tar -x -C /tmp/old` with node_modules symlinked.
 * BENCH_LH_VIA=direct,h2 (default direct): how the browser reaches each app. `direct` is the app's own plain
 * HTTP/1.1 port; `h2` is nginx in front of it (nginxProxy.ts), HTTPS and HTTP/2 as docs/operations.md asks
 * of a deployment. Lighthouse's replay queues a host's requests on six connections over HTTP/1.1 and
 * multiplexes them on one over HTTP/2, so the two give different LCPs for the same app; with both, their runs
 * alternate screen by screen like BENCH_APP_DIR's. Needs `apt-get install nginx-light`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import lighthouse, { type Result } from 'lighthouse';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import { freePort } from '../src/server/db/embedded.js';
import { recordSideBySide } from './harness.js';
import { startNginxH2Proxy, type NginxProxy } from './nginxProxy.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const OUT = process.env.BENCH_LH_OUT;
const SCREENS = (process.env.BENCH_SCREENS ?? 'menu,floorplan,room').split(',');
const LANTERN = process.env.BENCH_LANTERN === '1' || process.env.BENCH_LANTERN === 'all';
const TRACES = process.env.BENCH_LH_TRACES === '1';
const APP_DIRS = (process.env.BENCH_APP_DIR ?? process.cwd()).split(',').map((d) => resolve(d));
/** How the browser reaches each app: `direct` (its own plain HTTP/1.1 port) and/or `h2` (nginxProxy.ts: HTTPS, HTTP/2). */
const VIAS = (process.env.BENCH_LH_VIA ?? 'direct').split(',').map((v) => v.trim());
for (const via of VIAS) if (via !== 'direct' && via !== 'h2') throw new Error(`BENCH_LH_VIA: direct or h2, not ${via}`);
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

interface App { dir: string; via: string; origin: string; cookie: string; screens: Array<[string, string]>; server: ChildProcess; dataDir: string; proxy?: NginxProxy }

const stopped = (child: ChildProcess) => (child.exitCode !== null || child.signalCode !== null
  ? Promise.resolve()
  : new Promise<void>((done) => { child.once('exit', () => done()); child.kill('SIGTERM'); }));

const apps: App[] = [];
const profileDir = mkdtempSync(join(tmpdir(), 'hotdesk-lighthouse-chromium-'));
let browser: ChildProcess | undefined;

try {
  for (const dir of APP_DIRS) for (const via of VIAS) apps.push(await startApp(dir, via));
  // The h2 proxy's certificate is its own, made for the run.
  const trustProxy = VIAS.includes('h2') ? ['--ignore-certificate-errors'] : [];
  browser = spawn('/usr/bin/chromium', [...CHROMIUM_ARGS, ...trustProxy, `--user-data-dir=${profileDir}`, '--remote-debugging-port=0', 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] });
  const debugPort = await new Promise<number>((found, fail) => {
    let seen = '';
    const timer = setTimeout(() => fail(new Error(`Chromium did not open its debugging port: ${seen}`)), 30_000);
    browser!.stderr!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const port = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (port) { clearTimeout(timer); found(Number(port[1])); }
    });
  });

  if (OUT) mkdirSync(OUT, { recursive: true });
  const stealBefore = cpuTicks();
  const loadBefore = loadavg()[0]!;
  const started = new Date();
  const rows: string[] = [];
  const details: string[] = [];
  for (let s = 0; s < apps[0]!.screens.length; s++) {
    const runs = apps.map((): Result[] => []);
    for (let i = 0; i < RUNS; i++) {
      for (const [a, app] of apps.entries()) {
        const [name, path] = app.screens[s]!;
        const result = await lighthouse(app.origin + path, {
          port: debugPort, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: { Cookie: app.cookie },
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
        if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
        runs[a]!.push(result.lhr);
        if (OUT) writeFileSync(join(OUT, `${a + 1}-${name.replace(/\W+/g, '-')}-${i + 1}.json`), JSON.stringify(result.lhr));
        // The run's Chromium trace beside it (open in DevTools' Performance panel; summarise with bench/traceSummary.ts).
        if (OUT && TRACES) writeFileSync(join(OUT, `${a + 1}-${name.replace(/\W+/g, '-')}-${i + 1}.trace.json`), JSON.stringify(result.artifacts.Trace));
        console.error(`${label(app)} ${name} run ${i + 1}: ${score(result.lhr)} (host benchmarkIndex ${result.lhr.environment.benchmarkIndex.toFixed(0)})`);
        if (LANTERN) printSimulatedLcp();
      }
    }
    for (const [a, app] of apps.entries()) {
      const name = app.screens[s]![0];
      // The run with the median score stands for the screen; each metric is its own median.
      const byScore = [...runs[a]!].sort((x, y) => score(x) - score(y));
      const median = byScore[Math.floor(byScore.length / 2)]!;
      const m = (id: string) => medianOf(runs[a]!.map((r) => r.audits[id]?.numericValue ?? NaN));
      const hostIndex = medianOf(runs[a]!.map((r) => r.environment.benchmarkIndex)).toFixed(0);
      const who = apps.length > 1 ? `${label(app)}: ` : '';
      rows.push(`| ${who}${name} | **${score(median)}** | ${runs[a]!.map(score).join(', ')} | ${s2(m('first-contentful-paint'))} | ${s2(m('largest-contentful-paint'))} `
        + `| ${m('total-blocking-time').toFixed(0)} | ${s2(m('speed-index'))} | ${(m('total-byte-weight') / 1024).toFixed(0)} | ${hostIndex} |`);
      details.push(`${who}${name}: ${whatToBlame(median)}`);
      recordSideBySide({ what: `Lighthouse mobile ${who}${name}`, note: `performance ${score(median)} (median of ${RUNS}); FCP ${s2(m('first-contentful-paint'))} s, LCP ${s2(m('largest-contentful-paint'))} s, TBT ${m('total-blocking-time').toFixed(0)} ms; host benchmarkIndex ${hostIndex}` });
    }
  }
  const stealAfter = cpuTicks();
  const stolen = stealBefore && stealAfter ? (100 * (stealAfter.steal - stealBefore.steal)) / Math.max(1, stealAfter.total - stealBefore.total) : NaN;

  for (const app of apps) console.log(`app${apps.length > 1 ? ` ${label(app)}` : ''}: ${app.dir}`);
  console.log(`\nLighthouse ${lighthouseVersion()} mobile (simulated throttling), ${RUNS} runs per screen, ${started.toISOString().slice(0, 16)} UTC; `
    + `load average ${loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after; CPU time stolen by the host during the runs: ${stolen.toFixed(0)}%\n`);
  console.log('| screen | performance (median) | each run | FCP s | LCP s | TBT ms | Speed Index s | transferred KiB | host benchmarkIndex |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
  console.log('\nWhat the median run of each screen blamed:');
  for (const d of details) console.log(`- ${d}`);
} finally {
  if (browser) await stopped(browser);
  for (const app of apps) {
    await app.proxy?.stop();
    await stopped(app.server);
    rmSync(app.dataDir, { recursive: true, force: true });
  }
  rmSync(profileDir, { recursive: true, force: true });
}

/**
 * Builds the checkout if needed, starts its demo, signs in as the demo's staff member and finds the screens;
 * with via 'h2', puts nginx in front of it and gives the browser the proxy's origin.
 */
async function startApp(dir: string, via: string): Promise<App> {
  const built = spawnSync(process.execPath, ['scripts/build-if-needed.mjs'], { cwd: dir, stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`building the app in ${dir} failed`);
  const origin = `http://127.0.0.1:${await freePort()}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'hotdesk-lighthouse-'));
  // Run as root, the embedded PostgreSQL runs as another user, which must be able to enter the folder.
  if (process.getuid?.() === 0) chmodSync(dataDir, 0o755);
  const server = spawn(process.execPath, ['dist/server/main.js', '--demo'], {
    cwd: dir, stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: new URL(origin).port, HOST: '127.0.0.1', HOTDESK_DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: '', DATABASE_URL: '' },
  });
  const app: App = { dir, via, origin, cookie: '', screens: [], server, dataDir };
  try {
    for (let i = 0; ; i++) {
      try { if ((await fetch(`${origin}/readyz`)).ok) break; } catch { /* not up yet */ }
      if (i > 900) throw new Error('the demo server did not become ready');
      await new Promise((r) => setTimeout(r, 200));
    }
    // Signed in as the sign-in page does.
    const login = await fetch(`${origin}/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: 'staff@demo.hotdesk', password: 'demo-staff-2026' }),
    });
    if (!login.ok) throw new Error(`sign-in: ${login.status} ${await login.text()}`);
    app.cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const json = async (path: string) => (await fetch(origin + path, { headers: { cookie: app.cookie } })).json();

    // The demo's published floorplan for tomorrow 09:00-17:00, found through the API as the screens find it.
    let deskScreen = '';
    for (const site of await json('/api/sites')) {
      for (const location of await json(`/api/locations/site/${site.Id}`)) {
        for (const fp of await json(`/api/floorplans/location/${location.Id}`)) {
          if (!deskScreen && (await fetch(`${origin}/api/floorplans/${fp.Id}/layout`, { headers: { cookie: app.cookie } })).ok) {
            const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
            deskScreen = `/menu/book/desk/${day}T09:00/${day}T17:00/${site.Id}/${location.Id}/${fp.Id}`;
          }
        }
      }
    }
    if (!deskScreen) throw new Error('no published floorplan in the demo');
    const all: Array<[string, string, string]> = [['menu', '/menu', '/menu'], ['floorplan', 'desk floorplan', deskScreen],
      ['room', 'meeting room page', '/menu/book/meeting/room']];
    app.screens = all.filter(([key]) => SCREENS.includes(key)).map(([, name, path]) => [name, path]);
    if (via === 'h2') {
      app.proxy = await startNginxH2Proxy(Number(new URL(origin).port));
      app.origin = app.proxy.origin;
    }
    return app;
  } catch (err) {
    await app.proxy?.stop();
    await stopped(server);
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

function label(app: App): string {
  return APP_DIRS.length > 1 && VIAS.length > 1 ? `${basename(app.dir)} ${app.via}` : APP_DIRS.length > 1 ? basename(app.dir) : app.via;
}

function score(lhr: Result): number {
  return Math.round((lhr.categories.performance?.score ?? 0) * 100);
}

function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

function s2(ms: number): string {
  return (ms / 1000).toFixed(2);
}

function lighthouseVersion(): string {
  return (JSON.parse(readFileSync(join(import.meta.dirname, '../node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version;
}

interface TableDetails { items?: Array<Record<string, unknown>> }

/** The LCP element, the scripts that took the main thread longest and the biggest downloads, in one line. */
function whatToBlame(lhr: Result): string {
  const items = (id: string) => ((lhr.audits[id]?.details as TableDetails | undefined)?.items ?? []);
  const short = (url: unknown) => String(url).replace(/^https?:\/\/[^/]+/, '');
  const lcpItem = items('largest-contentful-paint-element')[0] as TableDetails | undefined;
  const lcpNode = (lcpItem?.items?.[0] as { node?: { nodeLabel?: string; snippet?: string } } | undefined)?.node;
  const scripts = items('bootup-time').slice(0, 3).map((i) => `${short(i.url)} ${Number(i.total).toFixed(0)} ms`).join(', ');
  const heavy = items('total-byte-weight').slice(0, 4).map((i) => `${short(i.url)} ${(Number(i.totalBytes) / 1024).toFixed(0)} KiB`).join(', ');
  const blocking = items('render-blocking-resources').map((i) => short(i.url)).join(', ') || 'none';
  return `LCP element "${(lcpNode?.nodeLabel ?? lcpNode?.snippet ?? '?').slice(0, 60)}"; main-thread time: ${scripts}; biggest downloads: ${heavy}; render-blocking: ${blocking}`;
}

/**
 * BENCH_LANTERN=1: the nodes of the last run's simulated LCP (optimistic and pessimistic graphs) that ended last,
 * with their simulated start and end: the requests and main-thread tasks the simulated paint waited for.
 */
function printSimulatedLcp(): void {
  for (const [label, timings] of Lantern.Simulation.Simulator.allNodeTimings) {
    if (!/LargestContentfulPaint$/.test(label)) continue;
    // BENCH_LANTERN=all: every node of the graph, in order of start.
    const nodes = process.env.BENCH_LANTERN === 'all'
      ? [...timings.entries()].sort((a, b) => a[1].startTime - b[1].startTime)
      : [...timings.entries()].sort((a, b) => b[1].endTime - a[1].endTime).slice(0, 14);
    console.error(`  ${label}:`);
    for (const [node, t] of nodes) {
      const what = node.type === 'network'
        ? `${node.request.resourceType ?? ''} ${node.request.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 70)}`
        : `cpu ${Math.round(node.duration / 1000)} ms observed, ${node.childEvents.filter((e) => e.name === 'FunctionCall' || e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule' || e.name === 'Layout').length} calls`;
      console.error(`    ${Math.round(t.startTime)}-${Math.round(t.endTime)}  ${what}`);
    }
  }
  Lantern.Simulation.Simulator.allNodeTimings.clear();
}

/** All CPUs' time from /proc/stat and the part the hypervisor gave to other machines (as run-all.ts reads it). */
function cpuTicks(): { total: number; steal: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    return { total: fields.slice(0, 8).reduce((a, b) => a + b, 0), steal: fields[7] ?? 0 };
  } catch { return null; }
}
