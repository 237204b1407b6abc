/**
 * A booking's repeat rule on the wire (issue 22): `Recurrence` on a desk or room booking request.
 * The shape follows iCalendar's RRULE (RFC 5545) closely, so a series can travel as one calendar
 * event (RRULE + EXDATE) and people's expectations from Outlook and Google carry over:
 *   Daily   every Interval days; ByDay narrows it (MO..FR = "weekdays only").
 *   Weekly  every Interval weeks on the ByDay weekdays (the first occurrence's weekday if none).
 *   Monthly every Interval months on ByMonthDay (months without that date are skipped, as RFC 5545
 *           says), or on one ByDay weekday at BySetPos (1..4 = first..fourth, -1 = last).
 * It ends on Until (a calendar day in the site's time zone, inclusive) or after Count occurrences:
 * exactly one of the two. Every message names the field, so a screen can put it beside its input.
 */
import { z } from 'zod';
import { isCalendarDate } from '../deskRoute.js';
import { ABSOLUTE_MAX_OCCURRENCES, FREQUENCIES, MAX_INTERVAL, WEEKDAY_CODES } from './recurrenceLimits.js';

export { WEEKDAY_CODES, weekdayOf, FREQUENCIES, DEFAULT_MAX_OCCURRENCES, ABSOLUTE_MAX_OCCURRENCES, MAX_INTERVAL } from './recurrenceLimits.js';
export type { WeekdayCode, Frequency } from './recurrenceLimits.js';

const weekday = z.enum(WEEKDAY_CODES, { error: () => `ByDay: use the weekday codes ${WEEKDAY_CODES.join(', ')}.` });
const calendarDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Until: give a calendar day as YYYY-MM-DD.' })
  .refine(isCalendarDate, { error: 'Until: that day does not exist.' });

export const Recurrence = z.object({
  Frequency: z.enum(FREQUENCIES, { error: () => `Frequency: use ${FREQUENCIES.join(', ')}.` }),
  Interval: z.int({ error: 'Interval: give a whole number of days, weeks or months.' })
    .min(1, { error: 'Interval: repeat at least every 1 day, week or month.' })
    .max(MAX_INTERVAL, { error: `Interval: at most ${MAX_INTERVAL}.` })
    .default(1),
  ByDay: z.array(weekday).min(1, { error: 'ByDay: choose at least one weekday.' }).max(7).optional(),
  ByMonthDay: z.int({ error: 'ByMonthDay: give a day of the month, 1 to 31.' }).min(1, { error: 'ByMonthDay: give a day of the month, 1 to 31.' })
    .max(31, { error: 'ByMonthDay: give a day of the month, 1 to 31.' }).optional(),
  BySetPos: z.int({ error: 'BySetPos: use 1 to 4 (first to fourth) or -1 (last).' })
    .refine((n) => n === -1 || (n >= 1 && n <= 4), { error: 'BySetPos: use 1 to 4 (first to fourth) or -1 (last).' }).optional(),
  Until: calendarDay.optional(),
  Count: z.int({ error: 'Count: give a whole number of occurrences.' })
    .min(1, { error: 'Count: at least 1 occurrence.' })
    .max(ABSOLUTE_MAX_OCCURRENCES, { error: `Count: at most ${ABSOLUTE_MAX_OCCURRENCES} occurrences.` }).optional(),
}).strict().superRefine((r, ctx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if ((r.Until === undefined) === (r.Count === undefined)) issue('Until', 'Until or Count: give exactly one (an end date or a number of occurrences).');
  if (r.ByDay && new Set(r.ByDay).size !== r.ByDay.length) issue('ByDay', 'ByDay: each weekday once.');
  if (r.Frequency !== 'Monthly') {
    if (r.ByMonthDay !== undefined) issue('ByMonthDay', 'ByMonthDay: only for a monthly repeat.');
    if (r.BySetPos !== undefined) issue('BySetPos', 'BySetPos: only for a monthly repeat.');
    return;
  }
  const byWeekday = r.BySetPos !== undefined || r.ByDay !== undefined;
  if (r.ByMonthDay !== undefined && byWeekday) issue('ByMonthDay', 'ByMonthDay: a monthly repeat is either on a date or on a weekday of the month, not both.');
  if (byWeekday && (r.BySetPos === undefined || r.ByDay?.length !== 1)) {
    issue('BySetPos', 'BySetPos: a monthly repeat on a weekday needs one weekday (ByDay) and its position (BySetPos), e.g. the second Tuesday.');
  }
});
export type Recurrence = z.output<typeof Recurrence>;
export type RecurrenceInput = z.input<typeof Recurrence>;

