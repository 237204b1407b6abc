import ICAL from 'ical.js';
import { fromWallClock } from '../../../domain/wallClock.js';
import { CLOSURE_LIMITS } from '../../../domain/wire/closures.js';
import { fieldError } from '../../http/errors.js';

export interface Holiday { start: Date; end: Date; reason: string }

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dayOf = (t: ICAL.Time) => `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}`;
const refuse = (message: string) => fieldError('Ics', message);

/**
 * Public holidays from an iCalendar file (ical.js, Mozilla's parser): every VEVENT must be an all-day
 * event (DTSTART;VALUE=DATE), which becomes a closure from midnight of its first day to midnight after
 * its last (DTEND is exclusive; without one, one day) on the site's clock. Timed and repeating events
 * are refused rather than guessed at: a holiday file lists days, and a half-imported file would be worse
 * than a clear refusal. Names are the SUMMARY, cut to the reason's limit.
 */
export function holidaysFromIcs(text: string, timeZone: string): Holiday[] {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch {
    throw refuse('This is not an iCalendar (.ics) file that can be read.');
  }
  if (root.name !== 'vcalendar') throw refuse('This is not an iCalendar (.ics) file: it must start with BEGIN:VCALENDAR.');
  const events = root.getAllSubcomponents('vevent');
  if (events.length === 0) throw refuse('The file holds no events.');
  if (events.length > CLOSURE_LIMITS.icsMaxEvents) throw refuse(`The file holds ${events.length} events; at most ${CLOSURE_LIMITS.icsMaxEvents} can be imported at once.`);
  return events.map((component, i) => {
    const event = new ICAL.Event(component);
    const name = (event.summary ?? '').trim() || `Holiday ${i + 1}`;
    if (event.isRecurring()) throw refuse(`"${name}" repeats (RRULE); import single days and tick "repeats yearly" instead.`);
    const first = event.startDate;
    if (!first) throw refuse(`"${name}" has no start date.`);
    if (!first.isDate) throw refuse(`"${name}" has a time of day; only all-day events can be imported as holidays.`);
    const after = event.endDate && event.endDate.compare(first) > 0 ? event.endDate : (() => { const t = first.clone(); t.adjust(1, 0, 0, 0); return t; })();
    const start = fromWallClock(dayOf(first), 0, timeZone);
    const end = fromWallClock(dayOf(after), 0, timeZone);
    if (end.getTime() - start.getTime() > CLOSURE_LIMITS.maxDays * 86_400_000) throw refuse(`"${name}" lasts more than two years.`);
    return { start, end, reason: name.slice(0, CLOSURE_LIMITS.reasonMax) };
  });
}
