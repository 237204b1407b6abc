import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/**
 * Dates as shown on screen (SPEC 2.10: shortened under 768 px). Long: 'Monday 7 January 2030';
 * short: 'Mon 7 Jan' in the current year, '7 Jan 2031' in another. With a time zone (a site's), the
 * date is that zone's wall-clock date; without, the browser's.
 */
export interface DateFormatOptions {
  short: boolean;
  timeZone?: string;
  /** 'Now', for deciding whether the year can be left out (tests pass a fixed one). */
  now?: Date;
}

const inZone = (d: Date | string | number, timeZone?: string): Date => {
  const date = d instanceof Date ? d : new Date(d);
  return timeZone ? new TZDate(date.getTime(), timeZone) : date;
};

export function formatDay(d: Date | string | number, o: DateFormatOptions): string {
  const date = inZone(d, o.timeZone);
  if (Number.isNaN(date.getTime())) return '';
  if (!o.short) return format(date, 'EEEE d MMMM yyyy');
  const thisYear = inZone(o.now ?? new Date(), o.timeZone).getFullYear();
  return format(date, date.getFullYear() === thisYear ? 'EEE d MMM' : 'd MMM yyyy');
}

export function formatTime(d: Date | string | number, o: Pick<DateFormatOptions, 'timeZone'> = {}): string {
  const date = inZone(d, o.timeZone);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'HH:mm');
}

/** 'Monday 7 January 2030, 09:00' / 'Mon 7 Jan 09:00'. */
export function formatDayTime(d: Date | string | number, o: DateFormatOptions): string {
  const day = formatDay(d, o);
  return day ? `${day}${o.short ? ' ' : ', '}${formatTime(d, o)}` : '';
}

/** A booking's span: 'Monday 7 January 2030, 09:00–17:00', or both ends in full when days differ. */
export function formatRange(start: Date | string | number, end: Date | string | number, o: DateFormatOptions): string {
  const sameDay = formatDay(start, { ...o, short: false }) === formatDay(end, { ...o, short: false });
  return sameDay ? `${formatDayTime(start, o)}–${formatTime(end, o)}` : `${formatDayTime(start, o)} – ${formatDayTime(end, o)}`;
}
