/**
 * What the Repeat control holds while a person fills it in, and the wire rule (Recurrence) it becomes.
 * Kept apart from the control so the rule-building and the field checks are plain, testable code;
 * the server checks the same rules again (recurrenceRule.ts) and its 400s land on the same fields.
 */
import type { RecurrenceInput } from '../../../domain/recurrence/recurrenceRule.js';
import { MAX_INTERVAL, WEEKDAY_CODES, weekdayOf, type WeekdayCode } from '../../../domain/recurrence/recurrenceLimits.js';

export type RepeatKind = 'None' | 'Daily' | 'Weekly' | 'Monthly';
/** Monthly: on the same date, the same weekday at its position (second Tuesday), or the last such weekday. */
export type MonthlyBy = 'date' | 'weekday' | 'lastWeekday';
export type RepeatEnd = 'count' | 'until';

export interface RepeatDraft {
  kind: RepeatKind;
  /** Every N days, weeks or months ('' while the field is cleared). */
  interval: number | '';
  /** Daily: Monday to Friday only. */
  weekdaysOnly: boolean;
  /** Weekly: the chosen weekdays. */
  weekdays: WeekdayCode[];
  monthlyBy: MonthlyBy;
  end: RepeatEnd;
  /** YYYY-MM-DD, inclusive ('' for none yet). */
  until: string;
  count: number | '';
}

/** The fields a message can stand beside. */
export type RepeatField = 'interval' | 'weekdays' | 'monthlyBy' | 'until' | 'count' | 'rule';
export type RepeatErrors = Partial<Record<RepeatField, string>>;

/** Ten occurrences: a term of a weekly meeting, short enough to check at a glance. */
export const DEFAULT_COUNT = 10;

/** "Does not repeat", with the weekly day and the end date ready should the person turn it on. */
export const repeatOff = (firstDate: string): RepeatDraft => ({
  kind: 'None', interval: 1, weekdaysOnly: true, weekdays: [weekdayOf(firstDate)], monthlyBy: 'date',
  end: 'count', until: addDays(firstDate, 90), count: DEFAULT_COUNT,
});

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Which week of its month a day falls in (1..5), and whether it is that weekday's last in the month. */
export function weekdayPosition(date: string): { position: number; isLast: boolean } {
  const day = Number(date.slice(8, 10));
  const next = addDays(date, 7);
  return { position: Math.ceil(day / 7), isLast: next.slice(0, 7) !== date.slice(0, 7) };
}

/** Monday to Sunday, the order the weekday chips are shown in. */
export const WEEKDAYS: readonly WeekdayCode[] = WEEKDAY_CODES;
const WEEKDAYS_ONLY: WeekdayCode[] = ['MO', 'TU', 'WE', 'TH', 'FR'];

/** The person's own mistakes, found before asking the server (the server says the same). */
export function repeatErrors(d: RepeatDraft, firstDate: string): RepeatErrors {
  if (d.kind === 'None') return {};
  const e: RepeatErrors = {};
  if (d.interval === '' || !Number.isInteger(d.interval) || d.interval < 1 || d.interval > MAX_INTERVAL) {
    e.interval = `Give a whole number from 1 to ${MAX_INTERVAL}.`;
  }
  if (d.kind === 'Weekly' && d.weekdays.length === 0) e.weekdays = 'Choose at least one weekday.';
  if (d.kind === 'Monthly' && d.monthlyBy === 'weekday' && weekdayPosition(firstDate).position > 4) {
    e.monthlyBy = 'Not every month has a fifth one of this weekday: choose the last one or the date.';
  }
  if (d.end === 'count' && (d.count === '' || !Number.isInteger(d.count) || d.count < 1)) e.count = 'Give a number of occurrences, at least 1.';
  if (d.end === 'until') {
    if (!d.until) e.until = 'Choose the last day.';
    else if (d.until < firstDate) e.until = 'The end date is before the first occurrence.';
  }
  return e;
}

/** The wire rule, or null when the draft does not repeat. Call only when repeatErrors is empty. */
export function toRecurrence(d: RepeatDraft, firstDate: string): RecurrenceInput | null {
  if (d.kind === 'None') return null;
  const end = d.end === 'count' ? { Count: Number(d.count) } : { Until: d.until };
  const Interval = Number(d.interval);
  if (d.kind === 'Daily') return { Frequency: 'Daily', Interval, ...(d.weekdaysOnly ? { ByDay: WEEKDAYS_ONLY } : {}), ...end };
  if (d.kind === 'Weekly') {
    // Monday first, as the chips show them and as describeRecurrence lists them.
    return { Frequency: 'Weekly', Interval, ByDay: WEEKDAYS.filter((w) => d.weekdays.includes(w)), ...end };
  }
  if (d.monthlyBy === 'date') return { Frequency: 'Monthly', Interval, ByMonthDay: Number(firstDate.slice(8, 10)), ...end };
  const BySetPos = d.monthlyBy === 'lastWeekday' ? -1 : weekdayPosition(firstDate).position;
  return { Frequency: 'Monthly', Interval, ByDay: [weekdayOf(firstDate)], BySetPos, ...end };
}

/**
 * The server's 400 names the field (`Recurrence.Count`, `Dates`, ...: errorHandler.ts and
 * roomSeries.service.ts): each message goes beside its input; the rest stay with the form.
 */
export function serverRepeatErrors(fieldErrors: Record<string, string> | undefined, d: RepeatDraft): RepeatErrors {
  const e: RepeatErrors = {};
  for (const [key, message] of Object.entries(fieldErrors ?? {})) {
    const field = key.replace(/^Recurrence\.?/, '');
    if (!key.startsWith('Recurrence')) continue;
    if (field === 'Interval') e.interval = message;
    else if (field === 'ByDay') e[d.kind === 'Weekly' ? 'weekdays' : 'rule'] = message;
    else if (field === 'ByMonthDay' || field === 'BySetPos') e.monthlyBy = message;
    else if (field === 'Until') e[d.end === 'until' ? 'until' : 'count'] = message;
    else if (field === 'Count') e.count = message;
    else e.rule = message;
  }
  return e;
}
