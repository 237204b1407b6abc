import { toWallClock } from '../../../domain/wallClock.js';

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Inside the auto-dim hours on the site's clock (from 20:00 to 07:00 crosses midnight). The hours are
 * the site's setting, sent with the door state; equal bounds (a site that turned dimming off) never dim.
 */
export function isDimTime(now: Date, timeZone: string, from: string, to: string): boolean {
  const m = toWallClock(now, timeZone).minutes;
  const a = minutesOf(from), b = minutesOf(to);
  return a <= b ? m >= a && m < b : m >= a || m < b;
}
