import type { AppDeps } from '../deps.js';
import type { Job } from './scheduler.js';

/**
 * Background jobs of the features (mail outbox, no-show release, push, ...). Each feature adds one
 * line here; every app instance runs them, so each must be safe to run concurrently (single
 * statements or FOR UPDATE SKIP LOCKED).
 */
export function featureJobs(_deps: AppDeps): Job[] {
  return [];
}
