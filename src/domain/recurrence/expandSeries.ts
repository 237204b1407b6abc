/**
 * The occurrences of a repeating booking, in the site's time zone (issue 22).
 *
 * rrule (RFC 5545's expansion, a well-kept library) runs on "floating" times: the first occurrence's
 * wall clock is handed to it as if it were UTC, so it steps calendar days and never sees a
 * daylight-saving change; each occurrence's wall clock is then turned into an instant in the site's
 * zone (fromWallClock). So a 09:00-10:00 meeting stays 09:00-10:00 on the site's clocks across the
 * change, as calendars do, though its UTC instant moves by an hour.
 */
import * as rrule from 'rrule';
import { fromWallClock, MINUTES_PER_DAY } from '../wallClock.js';
import { weekdayOf, type Recurrence } from './recurrenceRule.js';

export { weekdayOf };

// rrule's ESM build (what Vite picks) exports RRule by name; Node loads its CommonJS build, whose
// names reach an ES module only through the default export.
const { RRule } = ('RRule' in rrule ? rrule : (rrule as unknown as { default: typeof rrule }).default);

export interface SeriesStart {
  /** The first occurrence's calendar day in the site's zone, YYYY-MM-DD. */
  readonly date: string;
  /** Minutes since local midnight when each occurrence starts. */
  readonly startMinutes: number;
  /** Wall-clock length in minutes (a booking may not cross midnight: < 1440 - startMinutes + 1). */
  readonly durationMinutes: number;
}

export interface Occurrence {
  /** The occurrence's calendar day in the site's zone: also its identity within the series (RECURRENCE-ID). */
  readonly date: string;
  readonly start: Date;
  readonly finish: Date;
}

export interface Expansion {
  readonly occurrences: Occurrence[];
  /** The rule asks for more than `maxOccurrences`: the list holds the first `maxOccurrences` + 1 at most. */
  readonly tooMany: boolean;
}

const RRULE_WEEKDAYS = (): Record<string, InstanceType<typeof RRule>['options']['byweekday'][number]> => ({
  MO: RRule.MO.weekday, TU: RRule.TU.weekday, WE: RRule.WE.weekday, TH: RRule.TH.weekday,
  FR: RRule.FR.weekday, SA: RRule.SA.weekday, SU: RRule.SU.weekday,
});

const floating = (date: string, minutes = 0): Date => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d, 0, minutes));
};
const dayOf = (floatingDate: Date): string => floatingDate.toISOString().slice(0, 10);

/**
 * Expands `rule` from `first` (which counts as the first occurrence only if the rule includes that
 * day, as RFC 5545 says of DTSTART). Stops after `maxOccurrences` + 1, so a rule that asks for too
 * many is known without expanding it all.
 */
export function expandSeries(rule: Recurrence, first: SeriesStart, timeZone: string, maxOccurrences: number): Expansion {
  const weekdays = RRULE_WEEKDAYS();
  const byDay = rule.ByDay ?? (rule.Frequency === 'Weekly' ? [weekdayOf(first.date)] : undefined);
  const options = {
    freq: { Daily: RRule.DAILY, Weekly: RRule.WEEKLY, Monthly: RRule.MONTHLY }[rule.Frequency],
    interval: rule.Interval,
    dtstart: floating(first.date, first.startMinutes),
    wkst: RRule.MO,
    byweekday: byDay?.map((code) => weekdays[code]!) ?? null,
    bymonthday: rule.ByMonthDay ?? (rule.Frequency === 'Monthly' && rule.BySetPos === undefined ? floating(first.date).getUTCDate() : null),
    bysetpos: rule.BySetPos ?? null,
    count: rule.Count ?? null,
    until: rule.Until === undefined ? null : floating(rule.Until, MINUTES_PER_DAY - 1),
  };
  const dates = new RRule(options).all((_, index) => index <= maxOccurrences);
  const occurrences = dates.map((d) => {
    const date = dayOf(d);
    const finishMinutes = first.startMinutes + first.durationMinutes;
    const finishDate = finishMinutes >= MINUTES_PER_DAY ? dayOf(new Date(floating(date).getTime() + 86_400_000)) : date;
    return {
      date,
      start: fromWallClock(date, first.startMinutes, timeZone),
      finish: fromWallClock(finishDate, finishMinutes % MINUTES_PER_DAY, timeZone),
    };
  });
  return { occurrences: occurrences.slice(0, maxOccurrences), tooMany: occurrences.length > maxOccurrences };
}
