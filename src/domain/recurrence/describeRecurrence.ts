/**
 * A repeat rule in words, for the booking screen's summary, My Bookings and the series' mail:
 * "Every week on Monday and Wednesday, until Wed 30 Dec 2026". English, as the rest of the app;
 * the end day is written by the shared date format (dateFormat.ts) so it reads like every other day.
 */
import { formatDay } from '../dateFormat.js';
import type { Recurrence } from './recurrenceRule.js';
import { weekdayOf, type WeekdayCode } from './recurrenceLimits.js';

const WEEKDAY_NAMES: Record<WeekdayCode, string> = {
  MO: 'Monday', TU: 'Tuesday', WE: 'Wednesday', TH: 'Thursday', FR: 'Friday', SA: 'Saturday', SU: 'Sunday',
};
const POSITIONS: Record<number, string> = { 1: 'first', 2: 'second', 3: 'third', 4: 'fourth', [-1]: 'last' };
const WEEKDAYS_ONLY = ['MO', 'TU', 'WE', 'TH', 'FR'];

const list = (words: string[]) => (words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`);
const every = (n: number, unit: string) => (n === 1 ? `Every ${unit}` : `Every ${n} ${unit}s`);
const ordinal = (n: number) => `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;

/** `firstDate`: the first occurrence's day (YYYY-MM-DD), whose weekday or date a rule without one repeats. */
export function describeRecurrence(rule: Recurrence, firstDate: string, locale?: string): string {
  const days = rule.ByDay ?? [];
  const sameDays = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((d) => b.includes(d));
  let head: string;
  if (rule.Frequency === 'Daily') {
    head = sameDays(days, WEEKDAYS_ONLY) && rule.Interval === 1 ? 'Every weekday'
      : days.length > 0 ? `${every(rule.Interval, 'day')}, on ${list(days.map((d) => WEEKDAY_NAMES[d]))}` : every(rule.Interval, 'day');
  } else if (rule.Frequency === 'Weekly') {
    const on = days.length > 0 ? days : [weekdayOf(firstDate)];
    head = `${every(rule.Interval, 'week')} on ${list(on.map((d) => WEEKDAY_NAMES[d]))}`;
  } else if (rule.BySetPos !== undefined && days.length === 1) {
    head = `${every(rule.Interval, 'month')} on the ${POSITIONS[rule.BySetPos]} ${WEEKDAY_NAMES[days[0]!]}`;
  } else {
    head = `${every(rule.Interval, 'month')} on the ${ordinal(rule.ByMonthDay ?? Number(firstDate.slice(8, 10)))}`;
  }
  const end = rule.Count !== undefined
    ? (rule.Count === 1 ? 'once' : `${rule.Count} times`)
    : `until ${formatDay(`${rule.Until}T12:00:00Z`, { short: true, withYear: true, timeZone: 'UTC', locale })}`;
  return `${head}, ${end}`;
}

