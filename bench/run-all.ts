/**
 * Runs every benchmark one after another and prints their tables (`npm run bench`, or
 * `npm run bench -- desk durability` for some). Each script starts what it needs and stops it.
 * Run on a quiet machine: these measure speed, and anything else running skews them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';

const ALL: Record<string, string> = {
  desk: 'bench/deskBooking.bench.ts',
  room: 'bench/roomBooking.bench.ts',
  reporting: 'bench/reporting.bench.ts',
  durability: 'bench/durability.bench.ts',
  scaleout: 'bench/scaleOut.bench.ts',
  deskopen: 'bench/deskBookingOpen.bench.ts',
  editor: 'bench/editorOpen.bench.ts',
};
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(ALL);
console.log(`Machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
let failed = 0;
for (const name of wanted) {
  const file = ALL[name];
  if (!file || !existsSync(file)) { console.log(`\n## ${name}: no such benchmark`); failed++; continue; }
  console.log(`\n## ${name} (${file})`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit', timeout: 15 * 60_000 });
  if (r.status !== 0) { console.log(`(${name} exited ${r.status ?? r.signal})`); failed++; }
}
process.exit(failed ? 1 : 0);
