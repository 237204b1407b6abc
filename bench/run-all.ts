/**
 * Runs every benchmark one after another and prints their tables (`npm run bench`, or
 * `npm run bench -- desk durability` for some). Each script starts what it needs and stops it.
 * Run on a quiet machine: these measure speed, and anything else running skews them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SideBySideRow } from './harness.js';

const ALL: Record<string, string> = {
  desk: 'bench/deskBooking.bench.ts',
  room: 'bench/roomBooking.bench.ts',
  availability: 'bench/roomAvailability.bench.ts',
  reporting: 'bench/reporting.bench.ts',
  durability: 'bench/durability.bench.ts',
  scaleout: 'bench/scaleOut.bench.ts',
  deskopen: 'bench/deskBookingOpen.bench.ts',
  editor: 'bench/editorOpen.bench.ts',
  signin: 'bench/signIn.bench.ts',
  outside: 'bench/outsideClient.bench.ts',
  whosin: 'bench/whosIn.bench.ts',
  memory: 'bench/memory.bench.ts',
  lighthouse: 'bench/lighthouse.bench.ts',
  closures: 'bench/closures.bench.ts',
  closuretrigger: 'bench/closureTrigger.bench.ts',
  series: 'bench/series.bench.ts',
  live: 'bench/live.bench.ts',
  livescaleout: 'bench/liveScaleOut.bench.ts',
  inbound: 'bench/inboundInvitations.bench.ts',
  freebusy: 'bench/roomFreeBusy.bench.ts',
  insights: 'bench/insights.bench.ts',
};
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(ALL);
console.log(`Machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
// Each benchmark appends its headline figures here (recordSideBySide); printed as one table at the end.
const results = join(mkdtempSync(join(tmpdir(), 'hotdesk-bench-results-')), 'rows.jsonl');
const loadBefore = loadavg()[0]!;
const cpuBefore = cpuTicks();
let failed = 0;
for (const name of wanted) {
  const file = ALL[name];
  if (!file || !existsSync(file)) { console.log(`\n## ${name}: no such benchmark`); failed++; continue; }
  console.log(`\n## ${name} (${file})`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit', timeout: 15 * 60_000, env: { ...process.env, BENCH_RESULTS: results } });
  if (r.status !== 0) { console.log(`(${name} exited ${r.status ?? r.signal})`); failed++; }
}
printSideBySide();
process.exit(failed ? 1 : 0);

function printSideBySide(): void {
  const rows: SideBySideRow[] = existsSync(results)
    ? readFileSync(results, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as SideBySideRow)
    : [];
  const n = (x: number | undefined, digits = 1) => (x === undefined ? '' : x.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits }));
  const cpu = cpuTicks();
  const stolen = cpu && cpuBefore ? (100 * (cpu.steal - cpuBefore.steal)) / Math.max(1, cpu.total - cpuBefore.total) : NaN;
  console.log(`\n## Side by side (${new Date().toISOString().slice(0, 16)} UTC; load average ${loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after; `
    + `CPU time stolen by the host during the run: ${stolen.toFixed(0)}%)\n`);
  console.log('| what | clients | per second | p50 ms | p95 ms | p99 ms | app RSS MiB (peak) | PostgreSQL PSS MiB (peak) | notes |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(`| ${r.what} | ${r.clients ?? ''} | ${n(r.perSecond, 0)} | ${n(r.p50)} | ${n(r.p95)} | ${n(r.p99)} | ${n(r.appMiB, 0)} | ${n(r.dbMiB, 0)} | ${r.note ?? ''} |`);
  }
}

/**
 * All CPUs' time from /proc/stat, and the part of it the hypervisor gave to other machines (steal):
 * on a shared host that part can be large, and every figure of the run is slower by it.
 */
function cpuTicks(): { total: number; steal: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    return { total: fields.slice(0, 8).reduce((a, b) => a + b, 0), steal: fields[7] ?? 0 };
  } catch { return null; }
}
