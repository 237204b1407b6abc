import { INSIGHTS_MAX_DAYS } from '../../../domain/wire/insights.js';
import type { AppDeps } from '../../deps.js';
import type { Job } from '../../jobs/scheduler.js';
import { addToDailyRun, claimDailyRun } from '../retention/retention.repo.js';
import { fillRollups } from './insightsRollup.js';

/** The job's claim of its day in daily_job_runs (migration 0031); `done` counts the sites rolled up. */
export const ROLLUP_JOB = 'insight-rollups';

const DAY_MS = 86_400_000;

/**
 * The nightly roll-up: every live site's closed days of the longest period a screen may ask for
 * (INSIGHTS_MAX_DAYS, ending on the site's local today) are rolled up, so no screen pays for it (a year
 * of a busy site is tens of seconds). Reads still fill what is missing (fillRollups), so a night that did
 * not run, a site added during the day or days forgotten by a change to old bookings cost the next read
 * only what is missing. Only the instance that claims the UTC day runs it; fillRollups is also safe run
 * twice at once (its per-site lock and the re-check under it), so a second runner would only wait.
 * A site that fails does not stop the others; the first error is thrown at the end for the scheduler's
 * log, and the next day's run (or a read) fills what was left.
 */
export async function runNightlyRollups(deps: Pick<AppDeps, 'pool' | 'now'>): Promise<{ ran: boolean; sites: number }> {
  const now = deps.now();
  const day = now.toISOString().slice(0, 10);
  if (!(await claimDailyRun(deps.pool, ROLLUP_JOB, day))) return { ran: false, sites: 0 };
  const { rows: sites } = await deps.pool.query<{ id: number; today: string }>(
    `SELECT id, to_char(($1::timestamptz AT TIME ZONE time_zone)::date, 'YYYY-MM-DD') AS today FROM sites WHERE deleted_at IS NULL ORDER BY id`, [now]);
  let done = 0;
  let firstError: unknown;
  for (const s of sites) {
    const from = new Date(Date.parse(`${s.today}T00:00:00Z`) - (INSIGHTS_MAX_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
    try {
      await fillRollups(deps.pool, s.id, from, s.today);
      await addToDailyRun(deps.pool, ROLLUP_JOB, day, 1);
      done++;
    } catch (err) {
      firstError ??= err;
    }
  }
  if (firstError !== undefined) throw firstError;
  return { ran: true, sites: done };
}

/** On the hourly tick of the daily jobs: runs within an hour of midnight UTC (or of start-up), once a day. */
export const insightRollupJob = (deps: Pick<AppDeps, 'pool' | 'now'>): Job =>
  ({ name: 'roll up insights (nightly)', everyMs: 60 * 60_000, run: () => runNightlyRollups(deps) });
