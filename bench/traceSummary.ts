/**
 * Where the page's main thread spent a traced load (BENCH_TRACE=file.json of deskBookingOpen.bench.ts):
 * exclusive time per trace event (script, style recalculation, layout, paint...) from the navigation
 * to the page's URL, and every event over 4 ms in order, with its element count for style and layout.
 *
 * Run: npx tsx bench/traceSummary.ts /tmp/trace.json [urlPart, default '/menu/']
 */
import { readFileSync } from 'node:fs';

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: Record<string, unknown> }

const [file, urlPart = '/menu/'] = process.argv.slice(2);
if (!file) throw new Error('usage: npx tsx bench/traceSummary.ts trace.json [urlPart]');
const raw = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
const events = Array.isArray(raw) ? raw : raw.traceEvents;

const nav = events.find((e) => e.name === 'navigationStart' && JSON.stringify(e.args ?? {}).includes(urlPart));
if (!nav) throw new Error(`no navigation to a URL with ${urlPart} in the trace`);
const TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
const main = events
  .filter((e) => e.pid === nav.pid && e.tid === nav.tid && e.ph === 'X' && e.ts >= nav.ts && !TASKS.has(e.name))
  .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));

// Exclusive time: an event's duration less that of the events nested in it.
const childTime = new Map<TraceEvent, number>();
const open: TraceEvent[] = [];
for (const e of main) {
  while (open.length && open.at(-1)!.ts + (open.at(-1)!.dur ?? 0) <= e.ts) open.pop();
  const parent = open.at(-1);
  if (parent) childTime.set(parent, (childTime.get(parent) ?? 0) + (e.dur ?? 0));
  open.push(e);
}
const byName = new Map<string, number>();
for (const e of main) byName.set(e.name, (byName.get(e.name) ?? 0) + ((e.dur ?? 0) - (childTime.get(e) ?? 0)) / 1000);

const ms = (us: number) => (us / 1000).toFixed(1).padStart(7);
console.log('Main thread, exclusive time by event (ms):');
for (const [name, t] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${t.toFixed(1).padStart(8)}  ${name}`);
console.log('\nEvents over 4 ms (start and length in ms from the navigation start):');
for (const e of main) {
  if ((e.dur ?? 0) < 4000) continue;
  const data = e.args as { elementCount?: number; beginData?: { dirtyObjects?: number }; data?: { url?: string } } | undefined;
  const detail = data?.elementCount ?? data?.beginData?.dirtyObjects ?? data?.data?.url?.split('/').pop() ?? '';
  console.log(`${ms(e.ts - nav.ts)} ${ms(e.dur ?? 0)}  ${e.name} ${detail}`);
}
