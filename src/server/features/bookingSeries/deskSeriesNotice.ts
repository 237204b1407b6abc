/**
 * The one notice of a repeating desk booking (issue 22): the booker (and the on-behalf person) hear
 * once that the series is booked, never once per occurrence. The room series' notice
 * (seriesNotice.ts) is the model; a desk series needs no approval, so it has only the "booked" event.
 */
import type pg from 'pg';
import { describeRecurrence } from '../../../domain/recurrence/describeRecurrence.js';
import type { Occurrence, SeriesStart } from '../../../domain/recurrence/expandSeries.js';
import type { Recurrence } from '../../../domain/recurrence/recurrenceRule.js';
import type { SessionUser } from '../../auth/sessions.js';
import { FALLBACK_LOCALE, formatDay, formatTime } from '../../../domain/dateFormat.js';
import { link, type MailConfig } from '../mail/bookingMail.js';
import { seriesInvitation } from '../mail/seriesInvitation.js';
import type { SeriesMailConfig } from './seriesNotice.js';
import type { MailSender } from '../notifications/mailLimit.js';
import { notify } from '../notifications/notify.js';

/** Occurrences written out in the mail; the rest are counted. */
const LISTED = 60;

export interface DeskSeriesFacts {
  deskName: string; siteName: string; timeZone: string; includeParking: boolean;
  rule: Recurrence; first: SeriesStart; occurrences: readonly Occurrence[];
  description: string; onBehalfOfEmail: string;
  booker: Pick<SessionUser, 'id' | 'email' | 'fullName'>;
  /** The saved series: its one calendar object (issue 23's invitation) goes with the notice. */
  seriesId: string;
}

/** Subject, text and link of a desk series' notice (pure: tests read it without a database). */
export function deskSeriesNotice(config: MailConfig, f: DeskSeriesFacts): { subject: string; text: string; url: string } {
  const pattern = describeRecurrence(f.rule, f.first.date, config.mailLocale);
  const count = f.occurrences.length;
  // Every occurrence keeps the first one's wall clock, so the time is written once and the days listed
  // alone: a locale's range format (whenText) costs about ten times a day's, per line of a 260-day series.
  const at = { timeZone: f.timeZone, locale: config.mailLocale ?? FALLBACK_LOCALE };
  const first = f.occurrences[0]!;
  const overnight = f.first.startMinutes + f.first.durationMinutes > 24 * 60 ? ' (ending the next day)' : '';
  const time = `${formatTime(first.start, at)}–${formatTime(first.finish, at)}${overnight}`;
  const lines = f.occurrences.slice(0, LISTED).map((o) => `  ${formatDay(o.start, { ...at, short: true, withYear: true })}`);
  if (count > LISTED) lines.push(`  … and ${count - LISTED} more`);
  const text = [
    'Your repeating desk booking is made.', '',
    `Desk: ${f.deskName} (${f.siteName})`,
    `Repeats: ${pattern}, ${time} (${f.timeZone})`,
    ...(f.description ? [`Note: ${f.description}`] : []),
    ...(f.includeParking ? ['With parking'] : []),
    `Booked by: ${f.booker.fullName} <${f.booker.email}>`,
    ...(f.onBehalfOfEmail ? [`On behalf of: ${f.onBehalfOfEmail}`] : []),
    '', `${count === 1 ? 'One occurrence' : `${count} occurrences`}:`, ...lines,
    '', `Your bookings: ${link(config, '/menu/mybookings')}`,
  ].join('\n');
  return { subject: `Desk booked, repeating: ${f.deskName}, ${pattern}`, text, url: '/menu/mybookings' };
}

/** Queues the series' one notice in the caller's transaction. */
export async function notifyDeskSeries(db: Pick<pg.PoolClient, 'query'>, config: SeriesMailConfig, f: DeskSeriesFacts, by: MailSender): Promise<void> {
  const ics = await seriesInvitation(db, config, f.seriesId);
  await notify(db, { ...deskSeriesNotice(config, f), ...(ics ? { ics } : {}), userIds: [f.booker.id], emails: f.onBehalfOfEmail ? [f.onBehalfOfEmail] : [], by });
}
