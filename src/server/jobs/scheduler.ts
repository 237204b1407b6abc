import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionStore } from '../auth/sessions.js';
import type { SignInLimiter } from '../auth/signInLimiter.js';

export interface Job { name: string; everyMs: number; run: () => Promise<unknown> }

/**
 * Runs background jobs on timers. Each job is a single statement or uses FOR UPDATE SKIP LOCKED, so
 * every instance can run every job at once without doing a piece of work twice.
 */
export function startJobs(deps: { pool: pg.Pool; sessions: SessionStore; signInLimiter: SignInLimiter; log: FastifyBaseLogger }, extra: Job[] = []) {
  const jobs: Job[] = [
    { name: 'purge expired sessions', everyMs: 10 * 60_000, run: () => deps.sessions.purgeExpired() },
    { name: 'purge old sign-in failures', everyMs: 10 * 60_000, run: () => deps.signInLimiter.purgeOld() },
    ...extra,
  ];
  const timers = jobs.map((job) => {
    let running = false;
    const timer = setInterval(() => {
      if (running) return; // never overlap a slow run with the next tick
      running = true;
      job.run()
        .catch((err) => deps.log.warn({ err, job: job.name }, 'background job failed; it will run again'))
        .finally(() => { running = false; });
    }, job.everyMs);
    timer.unref();
    return timer;
  });
  return { stop: () => timers.forEach(clearInterval) };
}
