import type { AppDeps } from '../deps.js';
import type { Job } from './scheduler.js';
import { noShowJobs } from '../features/noShow/noShow.service.js';
import { mailOutboxJob } from '../features/mail/mailOutbox.job.js';
import { pushJob } from '../features/push/push.job.js';
import { inboundMailJobs } from '../features/inboundMail/inboundMail.job.js';
import { retentionJobs } from '../features/retention/retention.job.js';
import { forecastMailJob } from '../features/forecastMail/forecastMail.job.js';
import { roomFreeBusyJob } from '../features/roomFreeBusy/roomFreeBusy.jobs.js';
import { insightRollupJob } from '../features/insights/insightsRollup.job.js';

/**
 * Background jobs of the features (mail outbox, no-show release, push, ...). Each feature adds one
 * line here; every app instance runs them, so each must be safe to run concurrently (single
 * statements or FOR UPDATE SKIP LOCKED).
 */
export function featureJobs(deps: AppDeps): Job[] {
  return [
    pushJob(deps),
    mailOutboxJob(deps),
    ...noShowJobs(deps),
    ...inboundMailJobs(deps),
    ...retentionJobs(deps),
    roomFreeBusyJob(deps),
    forecastMailJob(deps),
    insightRollupJob(deps),
  ];
}
