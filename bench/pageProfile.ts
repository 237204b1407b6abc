/**
 * Where a page's main-thread time goes: a CPU profile through the DevTools protocol, summed by
 * function (self time) and by script, plus the time spent outside JavaScript (style, layout, paint
 * and garbage collection show as the profiler's own '(program)' and '(garbage collector)' nodes).
 */
import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
interface CpuProfile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

export async function startProfile(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return { stop: async () => (await cdp.send('Profiler.stop')).profile as unknown as CpuProfile };
}

export function printProfile(profile: CpuProfile, top = 25): void {
  // BENCH_PROFILE_FILE=x.cpuprofile keeps the whole profile, for DevTools or a script (callers, chains).
  if (process.env.BENCH_PROFILE_FILE) writeFileSync(process.env.BENCH_PROFILE_FILE, JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const byFunction = new Map<string, number>();
  const byScript = new Map<string, number>();
  for (const [id, ms] of self) {
    const f = byId.get(id)!.callFrame;
    const script = f.url.split('/').pop() || f.functionName;
    byFunction.set(`${f.functionName || '(anonymous)'} ${script}:${f.lineNumber}`, (byFunction.get(`${f.functionName || '(anonymous)'} ${script}:${f.lineNumber}`) ?? 0) + ms);
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
  }
  const total = (profile.endTime - profile.startTime) / 1000;
  const rows = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, v]) => `  ${v.toFixed(1).padStart(7)} ms  ${k}`).join('\n');
  console.log(`Profile of the first load: ${total.toFixed(0)} ms sampled\nBy script (self time):\n${rows(byScript)}\nBy function (self time):\n${rows(byFunction)}`);
}
