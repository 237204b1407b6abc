import type { AppDeps } from '../../deps.js';
import type { Job } from '../../jobs/scheduler.js';
import { runAuditPrune, runBookingRetention } from './retention.service.js';

/**
 * Daily jobs on an hourly tick: each claims its day (daily_job_runs) and runs once per day across all
 * instances, within an hour of midnight UTC, or of start-up, or of the database coming back.
 */
export function retentionJobs(deps: AppDeps): Job[] {
  return [
    { name: 'anonymise old bookings (retention)', everyMs: 60 * 60_000, run: () => runBookingRetention(deps) },
    { name: 'prune the audit log', everyMs: 60 * 60_000, run: () => runAuditPrune(deps) },
  ];
}
