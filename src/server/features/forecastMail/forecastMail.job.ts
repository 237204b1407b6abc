import type { Job } from '../../jobs/scheduler.js';
import { runForecastMail, type ForecastDeps } from './forecastMail.service.js';

/**
 * The daily forecast mail (issue 25): every 10 minutes on every instance, so a site's mail leaves
 * between 06:00 and 06:10 its time (or at the first tick after a restart, until noon); the day's claim
 * makes it one mail per site and day whatever the number of instances.
 */
export const forecastMailJob = (deps: ForecastDeps): Job =>
  ({ name: 'daily forecast mail', everyMs: 10 * 60_000, run: () => runForecastMail(deps) });
