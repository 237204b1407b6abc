import type { WallClock } from './wallClock.js';

/**
 * Desk booking time pickers (SPEC 5 and 9), on wall-clock minutes since midnight in the site's
 * time zone (convert with wallClock.ts), so nothing here depends on the process time zone.
 *
 * The pickers offer hours 8..23 and minutes 00/15/30/45, so the latest time that can be shown is
 * 23:45. A desk booking needs a positive length, so the latest start is 23:30.
 */
export const DESK_STEP_MINUTES = 15;
export const DESK_FIRST_HOUR = 8;
export const DESK_LAST_HOUR = 23;
export const DESK_MINUTE_OPTIONS = [0, 15, 30, 45] as const;
export const DESK_EARLIEST = DESK_FIRST_HOUR * 60; // 08:00
export const DESK_LATEST_END = DESK_LAST_HOUR * 60 + 45; // 23:45
export const DESK_LATEST_START = DESK_LATEST_END - DESK_STEP_MINUTES; // 23:30
/** SPEC 9: the default end is start + 3 h, "capped at hour 23", read as 23:00 the same day. */
export const DESK_DEFAULT_LENGTH = 3 * 60;
export const DESK_DEFAULT_END_CAP = DESK_LAST_HOUR * 60; // 23:00
/** SPEC 5: when start and end cross, the other side is moved in 30-minute steps. */
export const DESK_SHIFT_MINUTES = 30;

const ceilToStep = (m: number): number => Math.ceil(m / DESK_STEP_MINUTES) * DESK_STEP_MINUTES;

/**
 * Default start: now rounded UP to the next quarter hour (10:01 -> 10:15, 10:00 -> 10:00), so the
 * default never lies in the past (a start within the current minute counts as now). Before 08:00
 * it is 08:00, the first hour offered. After 23:30 nothing is left today: null, and the caller
 * should default to the next day at 08:00.
 */
export const defaultDeskStart = (nowMinutes: number): number | null => {
  const start = Math.max(ceilToStep(nowMinutes), DESK_EARLIEST);
  return start > DESK_LATEST_START ? null : start;
};

/**
 * Default end: start + 3 h, capped at 23:00. A start at or after 23:00 would then end before it
 * starts, so it gets the latest end (23:45) instead.
 */
export const defaultDeskEnd = (start: number): number => {
  const capped = Math.min(start + DESK_DEFAULT_LENGTH, DESK_DEFAULT_END_CAP);
  return capped > start ? capped : DESK_LATEST_END;
};

/**
 * Hours offered for a day (`YYYY-MM-DD`): 8..23; on today from the current hour (never before 8),
 * so earlier hours are not offered. The current hour itself is offered although some of its
 * quarters have passed, as the spec says. A day before today offers nothing (the date picker's
 * minimum is today).
 */
export const deskHourOptions = (date: string, now: WallClock): number[] => {
  if (date < now.date) return [];
  const from = date === now.date ? Math.max(DESK_FIRST_HOUR, Math.floor(now.minutes / 60)) : DESK_FIRST_HOUR;
  const hours: number[] = [];
  for (let h = from; h <= DESK_LAST_HOUR; h++) hours.push(h);
  return hours;
};

/**
 * Keep the end after the start once the user has changed one of them (SPEC 5).
 *
 * If end > start nothing changes. Otherwise the side the user did NOT touch moves to 30 minutes
 * away from the one they did:
 * - start changed: end = start + 30, but not past 23:45; if even 23:45 is not after the start
 *   (start 23:45), the start is pulled back to 23:15.
 * - end changed: start = end - 30, but not before `earliest` (08:00, or the start of the current
 *   hour when booking today); if that is not before the end, the end is pushed to start + 30.
 * The touched side is kept whenever a valid pair exists with it, so the picker never "undoes"
 * what the user just picked without need.
 */
export const adjustDeskTimes = (
  start: number,
  end: number,
  changed: 'start' | 'end',
  earliest: number = DESK_EARLIEST,
): { start: number; end: number } => {
  if (end > start) return { start, end };
  if (changed === 'start') {
    const newEnd = Math.min(start + DESK_SHIFT_MINUTES, DESK_LATEST_END);
    return newEnd > start ? { start, end: newEnd } : { start: newEnd - DESK_SHIFT_MINUTES, end: newEnd };
  }
  const newStart = Math.max(end - DESK_SHIFT_MINUTES, earliest);
  return newStart < end
    ? { start: newStart, end }
    : { start: newStart, end: Math.min(newStart + DESK_SHIFT_MINUTES, DESK_LATEST_END) };
};

/**
 * What the person last chose on each side, and which side they touched last. The pickers show
 * `shownDeskTimes(picks)`, never the adjusted pair as new input: a native select's type-ahead passes
 * through intermediate values (typing "15:00" into End visits 10:00 first), and a start pushed back
 * by such a passing value must come back when the end moves on. So a side moved by the rule returns
 * to the person's own choice as soon as that choice is valid again.
 */
export interface DeskTimePicks {
  start: number;
  end: number;
  changed: 'start' | 'end';
}

/** The pair the pickers show (and the booking uses) for the person's picks. */
export const shownDeskTimes = (picks: DeskTimePicks, earliest: number = DESK_EARLIEST): { start: number; end: number } =>
  adjustDeskTimes(picks.start, picks.end, picks.changed, earliest);

/** The picks after the person chose `value` on `side`; the other side keeps their own last choice. */
export const pickDeskTime = (picks: DeskTimePicks, side: 'start' | 'end', value: number): DeskTimePicks =>
  ({ ...picks, [side]: value, changed: side });
