import { fromWallClock, toWallClock } from '../../../domain/wallClock.js';

/**
 * The edit form's values from a booking's instant, on its site's clock (`timeZone`): the day as
 * YYYY-MM-DD and the time as minutes since midnight. Text for people comes from the shared date
 * format (src/domain/dateFormat.ts), not from here.
 */
export const dateInput = (iso: string, timeZone: string): string => toWallClock(new Date(iso), timeZone).date;
export const timeInput = (iso: string, timeZone: string): number => toWallClock(new Date(iso), timeZone).minutes;
/** The instant a day and time on the site's clock mean. */
export const fromInputs = (date: string, minutes: number, timeZone: string): Date => fromWallClock(date, minutes, timeZone);
