import type { AppDeps } from '../../deps.js';
import type { Job } from '../../jobs/scheduler.js';
import { purgeAddressCounts } from './feedLimits.js';

/** Drops the per-address read counts of past minutes (one statement: safe on every instance at once). */
export const roomFreeBusyJob = (deps: AppDeps): Job =>
  ({ name: 'purge free/busy feed address counts', everyMs: 10 * 60_000, run: () => purgeAddressCounts(deps.pool) });
