import { addMinutes, startOfDay } from 'date-fns';

/**
 * A site's day hours (minutes since midnight, issue 20) as the min and max times react-big-calendar
 * takes. Its max must fall on the same day as its min, so a day ending at 24:00 ends at 23:59.
 */
export function calendarBounds(day: Date, startMinutes: number, endMinutes: number): { min: Date; max: Date } {
  const midnight = startOfDay(day);
  return { min: addMinutes(midnight, startMinutes), max: addMinutes(midnight, Math.min(endMinutes, 24 * 60 - 1)) };
}
