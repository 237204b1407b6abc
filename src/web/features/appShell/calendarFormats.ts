import type { Formats } from 'react-big-calendar';
import {
  formatDay, formatDaySpan, formatMonth, formatRange, formatTime, formatWeekday, formatWeekdayDay,
} from '../../../domain/dateFormat.js';

/**
 * Every text react-big-calendar draws (headings, gutter, agenda, event times), from the shared date
 * format (src/domain/dateFormat.ts) in the browser's language, instead of date-fns English patterns.
 * The calendars lay out "shown" dates whose local fields already are the site's wall clock, so no
 * zone is given here. `short`: under 768 px (SPEC 2.10).
 */
export function calendarFormats(short: boolean): Formats {
  const time = (d: Date) => formatTime(d);
  const times = ({ start, end }: { start: Date; end: Date }) => `${time(start)}–${time(end)}`;
  return {
    dateFormat: (d) => String(d.getDate()),
    dayFormat: (d) => formatWeekdayDay(d),
    weekdayFormat: (d) => formatWeekday(d),
    timeGutterFormat: time,
    monthHeaderFormat: (d) => formatMonth(d),
    dayHeaderFormat: (d) => formatDay(d, { short, withYear: true }),
    dayRangeHeaderFormat: ({ start, end }) => formatDaySpan(start, end),
    agendaHeaderFormat: ({ start, end }) => formatDaySpan(start, end),
    agendaDateFormat: (d) => formatDay(d, { short: true }),
    agendaTimeFormat: time,
    agendaTimeRangeFormat: times,
    eventTimeRangeFormat: times,
    eventTimeRangeStartFormat: ({ start }) => `${time(start)} –`,
    eventTimeRangeEndFormat: ({ end }) => `– ${time(end)}`,
    selectRangeFormat: ({ start, end }) => formatRange(start, end, { short: true }),
  };
}
