/**
 * A stored repeat rule (recurrence/recurrenceRule.ts) as an iCalendar RRULE value, with the same
 * defaults expandSeries applies (a weekly rule without ByDay repeats on the first day's weekday, a
 * monthly one without ByMonthDay or BySetPos on the first day's date), so a calendar expanding the
 * RRULE from DTSTART finds the same days Hotdesk booked.
 */
import { fromWallClock } from '../wallClock.js';
import { weekdayOf, type Recurrence } from '../recurrence/recurrenceRule.js';
import type { SeriesStart } from '../recurrence/expandSeries.js';
import { icsUtc } from './icsLines.js';

export function rruleOf(rule: Recurrence, first: SeriesStart, timeZone: string): string {
  const parts = [`FREQ=${rule.Frequency.toUpperCase()}`];
  if (rule.Interval > 1) parts.push(`INTERVAL=${rule.Interval}`);
  const byDay = rule.ByDay ?? (rule.Frequency === 'Weekly' ? [weekdayOf(first.date)] : undefined);
  if (byDay) parts.push(`BYDAY=${byDay.join(',')}`);
  const byMonthDay = rule.ByMonthDay ?? (rule.Frequency === 'Monthly' && rule.BySetPos === undefined ? Number(first.date.slice(8, 10)) : undefined);
  if (byMonthDay !== undefined) parts.push(`BYMONTHDAY=${byMonthDay}`);
  if (rule.BySetPos !== undefined) parts.push(`BYSETPOS=${rule.BySetPos}`);
  // RFC 5545: with a DTSTART in a zone, UNTIL is in UTC. The last day's start is the last instant that
  // may begin an occurrence, so the Until day is included and the day after is not.
  if (rule.Until !== undefined) parts.push(`UNTIL=${icsUtc(fromWallClock(rule.Until, first.startMinutes, timeZone))}`);
  if (rule.Count !== undefined) parts.push(`COUNT=${rule.Count}`);
  parts.push('WKST=MO');
  return parts.join(';');
}
