import {
  FORECAST_MAIL_DAYS, FORECAST_MAIL_LAST_HOUR, FORECAST_MAIL_LOCAL_HOUR, type ForecastMailSetting,
} from '../../../domain/wire/forecastMail.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { inTransaction } from '../../db/transaction.js';
import { notFound } from '../../http/errors.js';
import { readDaily } from '../insights/insights.repo.js';
import { readInsightsSettings } from '../insights/insightsSettings.repo.js';
import { shown } from '../insights/suppression.js';
import { forecastMailTemplate } from '../mail/forecastMail.js';
import { link, type MailConfig } from '../mail/bookingMail.js';
import { notify } from '../notifications/notify.js';
import { recordAudit } from '../audit/recordAudit.js';
import { addToDailyRun, claimDailyRun } from '../retention/retention.repo.js';
import { closedDays, readForecastSetting, sitesWithForecastMail, writeForecastSetting, type ForecastSite } from './forecastMail.repo.js';

/** The Insights screen, linked from the mail. */
export const INSIGHTS_PATH = '/menu/settings/insights';

/** A site's claim of its day in daily_job_runs: one mail per site and local day across all instances. */
export const forecastJobKey = (siteId: number) => `forecast-mail:${siteId}`;

/** Whether mail to this address can arrive: not empty, not the reserved .invalid domain (as notify). */
export const deliverable = (address: string) => address.trim() !== '' && !address.trim().toLowerCase().endsWith('.invalid');

async function settingOf(deps: Pick<AppDeps, 'pool'>, siteId: number): Promise<ForecastMailSetting> {
  const r = await readForecastSetting(deps.pool, siteId);
  if (!r) throw notFound('The site');
  return { Enabled: r.enabled, NotificationEmail: r.notificationEmail, Deliverable: deliverable(r.notificationEmail), TimeZone: r.timeZone };
}

/** GET /api/sites/{id}/forecast-mail. */
export const forecastMailSetting = settingOf;

/**
 * PUT /api/sites/{id}/forecast-mail (Admin). Audited: the mail sends a site's figures to an address
 * outside the app every morning, so who turned it on, and when, is an administrative fact.
 */
export async function changeForecastMail(deps: Pick<AppDeps, 'pool'>, admin: SessionUser, siteId: number, enabled: boolean): Promise<ForecastMailSetting> {
  await inTransaction(deps.pool, async (db) => {
    const before = await readForecastSetting(db, siteId, true);
    if (!before || !(await writeForecastSetting(db, siteId, enabled))) throw notFound('The site');
    await recordAudit(db, {
      actor: admin, action: 'forecast.change', target: { type: 'site', id: siteId },
      before: { ForecastMail: before.enabled }, after: { ForecastMail: enabled },
    });
  });
  return settingOf(deps, siteId);
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Today and the next working days, FORECAST_MAIL_DAYS in all: Monday to Friday for a site that books
 * the work week only, every day otherwise. `weekday`: today's ISO weekday (1 Monday .. 7 Sunday).
 */
export function forecastDays(today: string, weekday: number, workWeekOnly: boolean, count = FORECAST_MAIL_DAYS): string[] {
  const days: string[] = [];
  for (let i = 0; days.length < count; i++) {
    const wd = ((weekday - 1 + i) % 7) + 1;
    if (!workWeekOnly || wd <= 5) days.push(addDays(today, i));
  }
  return days;
}

/** Whether a site is due its mail at its local hour and weekday: from 06:00 until noon on a working day. */
export const isDue = (s: Pick<ForecastSite, 'hour' | 'weekday' | 'workWeekOnly'>) =>
  s.hour >= FORECAST_MAIL_LOCAL_HOUR && s.hour < FORECAST_MAIL_LAST_HOUR && (!s.workWeekOnly || s.weekday <= 5);

export type ForecastDeps = Pick<AppDeps, 'pool' | 'now'> & { config: MailConfig & { mailLocale: string } };

/**
 * One site's mail, if this instance wins the site's day: the claim (daily_job_runs) and the queued mail
 * commit together, so a failure before COMMIT leaves the day unclaimed for the next tick, and across
 * instances exactly one mail is queued per site and local day (the losers wait on the claim's key,
 * then find it taken). The figures are read before the claim: a loser reads them for nothing, once.
 */
async function mailSite(deps: ForecastDeps, s: ForecastSite, min: number): Promise<boolean> {
  const days = forecastDays(s.today, s.weekday, s.workWeekOnly);
  const wanted = new Set(days);
  const rows = (await readDaily(deps.pool, s.id, days[0]!, days[days.length - 1]!)).filter((r) => wanted.has(r.day));
  const closed = await closedDays(deps.pool, s.id, days);
  const mail = forecastMailTemplate({
    siteName: s.title, timeZone: s.timeZone, minGroupSize: min, locale: deps.config.mailLocale,
    insightsLink: link(deps.config, INSIGHTS_PATH),
    days: rows.map((r) => ({ Day: r.day, BookedAhead: shown(r.ahead, r.ahead, min), Booked: shown(r.booked, r.booked, min), Closed: closed.get(r.day) ?? null })),
  });
  return inTransaction(deps.pool, async (db) => {
    if (!(await claimDailyRun(db, forecastJobKey(s.id), s.today))) return false;
    await notify(db, { userIds: [], emails: [s.notificationEmail], subject: mail.subject, text: mail.text, html: mail.html, url: INSIGHTS_PATH });
    await addToDailyRun(db, forecastJobKey(s.id), s.today, 1);
    return true;
  });
}

/** A cheap look before reading a site's figures: most ticks of the morning find the day already taken. */
async function alreadySent(deps: Pick<AppDeps, 'pool'>, s: ForecastSite): Promise<boolean> {
  const { rowCount } = await deps.pool.query('SELECT 1 FROM daily_job_runs WHERE job = $1 AND day = $2::date', [forecastJobKey(s.id), s.today]);
  return (rowCount ?? 0) > 0;
}

/**
 * The job's run: queues the forecast mail of every site that is due and not yet mailed today (its local
 * day). A site that fails (its figures cannot be read) does not stop the others; the first error is
 * thrown at the end so the scheduler logs it, and the site is tried again at the next tick.
 * Answers the sites mailed by this instance.
 */
export async function runForecastMail(deps: ForecastDeps): Promise<number[]> {
  const sites = (await sitesWithForecastMail(deps.pool, deps.now())).filter(isDue);
  if (sites.length === 0) return [];
  const { MinGroupSize: min } = await readInsightsSettings(deps.pool);
  const mailed: number[] = [];
  let firstError: unknown;
  for (const s of sites) {
    try {
      if (await alreadySent(deps, s)) continue;
      if (await mailSite(deps, s, min)) mailed.push(s.id);
    } catch (err) {
      firstError ??= err;
    }
  }
  if (firstError !== undefined) throw firstError;
  return mailed;
}
