/**
 * What a repeating room booking and a repeating desk booking share (issue 22): the first occurrence
 * as a wall clock, the checked expansion of the rule, the wire shape of an occurrence, and how the
 * chosen days are judged before anything is written.
 */
import { expandSeries, type Occurrence, type SeriesStart } from '../../../domain/recurrence/expandSeries.js';
import type { Recurrence } from '../../../domain/recurrence/recurrenceRule.js';
import { MINUTES_PER_DAY, toWallClock } from '../../../domain/wallClock.js';
import type { SeriesOccurrence, SeriesPreview } from '../../../domain/wire/bookingSeries.js';
import { AppError, fieldError } from '../../http/errors.js';

/** An occurrence with what would become of it. */
export type JudgedOccurrence = Occurrence & Pick<SeriesOccurrence, 'State' | 'Reason'>;

/** States whose occurrences can be booked; the others are refused when chosen (Taken with 409, the rest with 400). */
const BOOKABLE: ReadonlySet<SeriesOccurrence['State']> = new Set(['Free', 'NeedsApproval']);

const DAY_MS = 86_400_000;
const FIRST_SERIES_DAY = '1970-01-01';
const LAST_SERIES_DAY = '9000-12-31';
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The first occurrence as a wall clock on the site's clocks: its day, start and length. */
export function seriesStart(start: Date, finish: Date, timeZone: string): SeriesStart {
  if (finish <= start) throw fieldError('Finish', 'The end must be after the start.');
  const from = toWallClock(start, timeZone);
  // The recurrence library counts from 1901 and dates end at 9999: outside that a rule's days are not the ones asked for.
  if (from.date < FIRST_SERIES_DAY || from.date > LAST_SERIES_DAY) throw fieldError('Start', `A repeating booking must start between ${FIRST_SERIES_DAY} and ${LAST_SERIES_DAY}.`);
  const to = toWallClock(finish, timeZone);
  const durationMinutes = daysBetween(from.date, to.date) * MINUTES_PER_DAY + to.minutes - from.minutes;
  if (durationMinutes <= 0 || durationMinutes > MINUTES_PER_DAY) throw fieldError('Finish', 'Each occurrence of a repeating booking lasts at most a day.');
  return { date: from.date, startMinutes: from.minutes, durationMinutes };
}

/** The occurrences of `rule` from `first`, or 400 naming the field when the rule gives too many or none. */
export function checkedOccurrences(rule: Recurrence, first: SeriesStart, timeZone: string, max: number): Occurrence[] {
  if (rule.Until !== undefined && rule.Until < first.date) throw fieldError('Recurrence.Until', 'Until: the end date is before the first occurrence.');
  const expansion = expandSeries(rule, first, timeZone, max);
  if (expansion.tooMany) throw fieldError(rule.Count !== undefined ? 'Recurrence.Count' : 'Recurrence.Until', `A repeating booking may hold at most ${max} occurrences.`);
  if (expansion.occurrences.length === 0) throw fieldError('Recurrence', 'This rule gives no occurrence: check the weekdays and the end date.');
  return expansion.occurrences;
}

export const toWireOccurrence = (o: JudgedOccurrence): SeriesOccurrence =>
  ({ Date: o.date, Start: o.start.toISOString(), Finish: o.finish.toISOString(), State: o.State, Reason: o.Reason });

/** A preview's answer: every judged occurrence, the last day the advance limit allows, the site's zone. */
export const previewAnswer = (plan: { occurrences: readonly JudgedOccurrence[]; lastPossibleDate: string | null; ctx: { timeZone: string } }): SeriesPreview =>
  ({ Occurrences: plan.occurrences.map(toWireOccurrence), LastPossibleDate: plan.lastPossibleDate, TimeZone: plan.ctx.timeZone });

export const listDays = (days: readonly string[]) => (days.length <= 5 ? days.join(', ') : `${days.slice(0, 5).join(', ')} and ${days.length - 5} more`);

/** 409 naming the days another booking holds: nothing was booked, the person chooses again. */
export function clashedDays(days: Iterable<string>, what: string): AppError {
  const list = [...new Set(days)].sort();
  return new AppError('CONFLICT', `${what} on ${listDays(list)}. Nothing was booked: choose the other occurrences and try again.`, { Dates: list.join(', ') });
}

/**
 * The chosen occurrences (Dates), each checked: a day that is not an occurrence, or cannot be booked
 * for a reason choosing again will not change (past, beyond the limit, closed, refused by a rule), is
 * 400 naming the day and why; days taken by other bookings are 409 naming them all.
 */
export function chosenOccurrences(plan: readonly JudgedOccurrence[], dates: readonly string[] | undefined, takenWhat: string): JudgedOccurrence[] {
  if (!dates) throw fieldError('Dates', 'Choose the occurrences to book.');
  const byDay = new Map(plan.map((o) => [o.date, o]));
  const chosen = [...new Set(dates)].sort().map((day) => {
    const o = byDay.get(day);
    if (!o) throw fieldError('Dates', `${day} is not an occurrence of this repeating booking.`);
    if (!BOOKABLE.has(o.State) && o.State !== 'Taken') throw fieldError('Dates', `${day}: ${o.Reason}`);
    return o;
  });
  const taken = chosen.filter((o) => o.State === 'Taken').map((o) => o.date);
  if (taken.length > 0) throw clashedDays(taken, takenWhat);
  return chosen;
}

/** The occurrences of the plan that were not chosen, as the answer lists them. */
export const skippedOccurrences = (plan: readonly JudgedOccurrence[], chosen: readonly JudgedOccurrence[]): SeriesOccurrence[] => {
  const days = new Set(chosen.map((o) => o.date));
  return plan.filter((o) => !days.has(o.date)).map(toWireOccurrence);
};

/** PostgreSQL's refusal by a constraint (23P01 exclusion, 23514 check or the closure trigger). */
export const refusedBy = (err: unknown, code: string, constraints: readonly string[]): boolean => {
  const e = err as { code?: string; constraint?: string } | undefined;
  return e?.code === code && constraints.includes(e.constraint ?? '');
};
