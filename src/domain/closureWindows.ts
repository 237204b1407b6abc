/**
 * The ranges of closures the booking screens ask for (GET /api/closures), from days alone. Shared by
 * the screens and the server, which names the desk screen's ranges as preload hints in the page it
 * sends (deskScreenHints.ts): a hint is used only when its URL is the very one the screen asks for.
 */

/** The most days the desk screen's date strip shows from today (DateStrip): its closures cover them. */
export const DATE_STRIP_MOST_DAYS = 31;

/**
 * The range of closures a screen asks for, from its days (YYYY-MM-DD) alone: a day's first and last
 * instant anywhere on earth lie within 14 hours of its UTC midnight, so the call needs no time zone
 * and can start with the screen's first calls instead of after them.
 */
export function closureWindow(firstDay: string, lastDay: string): { from: string; to: string } {
  const from = Date.parse(`${firstDay}T00:00:00Z`) - 14 * 3_600_000;
  const to = Date.parse(`${lastDay}T00:00:00Z`) + 38 * 3_600_000;
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

/**
 * The closures a desk screen asks for: every day its date strip can show (from the day before today to
 * `daysAhead` after, on any clock) and, when it lies outside those, the chosen day on its own (a day
 * years ahead would make one range longer than the server's two years). No time zone is needed, and
 * the ranges move only with the date, so choosing another day in the strip asks nothing new.
 */
export function dateStripWindows(now: Date, chosen: string, daysAhead: number): { from: string; to: string }[] {
  const day = (offset: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset)).toISOString().slice(0, 10);
  const first = day(-1), last = day(daysAhead + 1);
  const strip = closureWindow(first, last);
  return chosen >= first && chosen <= last ? [strip] : [strip, closureWindow(chosen, chosen)];
}
