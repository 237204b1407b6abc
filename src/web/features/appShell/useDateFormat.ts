import { useMediaQuery } from '@mantine/hooks';
import { useMemo } from 'react';
import { SHORT_DATES_QUERY } from './breakpoints.js';
import { formatDay, formatDayTime, formatRange, formatTime } from './dates.js';

/** True under 768 px wide (SPEC 2.10), read before the first paint so dates do not flicker. */
export function useShortDates(): boolean {
  return useMediaQuery(SHORT_DATES_QUERY, false, { getInitialValueInEffect: false }) ?? false;
}

/**
 * The shared date formatter for screens: long dates on wide screens, short ones under 768 px.
 * `timeZone`: the site's, for bookings (their dates are that site's wall-clock dates).
 */
export function useDateFormat(timeZone?: string) {
  const short = useShortDates();
  return useMemo(() => ({
    short,
    day: (d: Date | string | number) => formatDay(d, { short, timeZone }),
    dayTime: (d: Date | string | number) => formatDayTime(d, { short, timeZone }),
    time: (d: Date | string | number) => formatTime(d, { timeZone }),
    range: (start: Date | string | number, end: Date | string | number) => formatRange(start, end, { short, timeZone }),
  }), [short, timeZone]);
}
