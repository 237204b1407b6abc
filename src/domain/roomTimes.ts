/**
 * Room booking time pickers (SPEC 9): quarter hours from 08:00 to 19:00, on wall-clock minutes
 * since midnight in the site's time zone (see wallClock.ts).
 *
 * The spec counts 44 start options and 45 end options. 08:00..18:45 is 44 quarter hours, but
 * 08:15..19:00 is also only 44; 45 is the whole grid 08:00..19:00. So the end list is the whole
 * grid (as the spec's count says) and its 08:00 can never survive: adjustRoomTimes turns an end
 * that is not after the start into start + 15. A booking therefore always ends 08:15..19:00.
 */
export const ROOM_STEP_MINUTES = 15;
export const ROOM_DAY_START = 8 * 60; // 08:00
export const ROOM_DAY_END = 19 * 60; // 19:00
export const ROOM_LATEST_START = ROOM_DAY_END - ROOM_STEP_MINUTES; // 18:45
export const DEFAULT_ROOM_START = 9 * 60; // 09:00
export const DEFAULT_ROOM_END = 17 * 60; // 17:00

const steps = (from: number, to: number): number[] => {
  const out: number[] = [];
  for (let m = from; m <= to; m += ROOM_STEP_MINUTES) out.push(m);
  return out;
};

export const roomStartOptions = (): number[] => steps(ROOM_DAY_START, ROOM_LATEST_START);
export const roomEndOptions = (): number[] => steps(ROOM_DAY_START, ROOM_DAY_END);

export const defaultRoomTimes = (): { start: number; end: number } => ({
  start: DEFAULT_ROOM_START,
  end: DEFAULT_ROOM_END,
});

const clamp = (m: number, lo: number, hi: number): number => Math.min(Math.max(m, lo), hi);
const floorToStep = (m: number): number => Math.floor(m / ROOM_STEP_MINUTES) * ROOM_STEP_MINUTES;
const ceilToStep = (m: number): number => Math.ceil(m / ROOM_STEP_MINUTES) * ROOM_STEP_MINUTES;

/**
 * Make a start/end pair valid (SPEC 5 "Room availability").
 *
 * Both values are first put on the grid and inside the day: start snapped DOWN and clamped to
 * 08:00..18:45, end snapped UP and clamped to 08:00..19:00 (so a hand-typed 10:10–11:05 becomes
 * 10:00–11:15 and still covers what was asked). Then, if the end is not after the start, whether
 * before it or equal to it, the end becomes start + 15 minutes. The spec fixes that for the equal
 * case; using the same shortest slot for "end before start" is our choice, because the previous
 * duration is unknown here and a short slot is the least likely to hit a clash. Since the
 * latest start is 18:45, start + 15 never passes 19:00.
 */
export const adjustRoomTimes = (start: number, end: number): { start: number; end: number } => {
  const s = clamp(floorToStep(start), ROOM_DAY_START, ROOM_LATEST_START);
  const e = clamp(ceilToStep(end), ROOM_DAY_START, ROOM_DAY_END);
  return e > s ? { start: s, end: e } : { start: s, end: s + ROOM_STEP_MINUTES };
};

/**
 * Choosing a date resets the start to 09:00 (SPEC 9); the end the user had is kept if it is
 * still after 09:00, else it is adjusted as above.
 */
export const roomTimesForNewDate = (current: { end: number }): { start: number; end: number } =>
  adjustRoomTimes(DEFAULT_ROOM_START, current.end);
