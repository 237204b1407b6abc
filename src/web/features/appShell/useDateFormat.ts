import { useMediaQuery } from '@mantine/hooks';
import { useMemo } from 'react';
import { SHORT_DATES_QUERY } from './breakpoints.js';
import {
  defaultLocale, formatCalendarDay, formatDay, formatDayTime, formatMinutes, formatRange, formatTime, type DateLike,
} from './dates.js';

/** True under 768 px wide (SPEC 2.10), read before the first paint so dates do not flicker. */
export function useShortDates(): boolean {
  return useMediaQuery(SHORT_DATES_QUERY, false, { getInitialValueInEffect: false }) ?? false;
}

/**
 * The shared date formatter for screens (src/domain/dateFormat.ts): the browser's language, long
 * dates on wide screens and short ones under 768 px. `timeZone`: the site's, for bookings (their
 * dates are that site's wall-clock dates).
 */
export function useDateFormat(timeZone?: string) {
  const short = useShortDates();
  return useMemo(() => {
    const o = { short, timeZone, locale: defaultLocale() };
    return {
      short,
      locale: o.locale,
      day: (d: DateLike) => formatDay(d, o),
      dayTime: (d: DateLike) => formatDayTime(d, o),
      time: (d: DateLike) => formatTime(d, o),
      range: (start: DateLike, end: DateLike) => formatRange(start, end, o),
      /** A YYYY-MM-DD calendar day (report bounds, route dates). */
      calendarDay: (date: string) => formatCalendarDay(date, o),
      /** Minutes since midnight (picker values). */
      minutes: (m: number) => formatMinutes(m, o),
    };
  }, [short, timeZone]);
}
