/**
 * The repeat rule's codes and bounds without its schema (recurrenceRule.ts): the booking screens' Repeat
 * control needs these, and importing the schema there would bring the validation library into the
 * desk screen's first load (issue 20: the 5,000-desk floor opening; issue 19: first-load weight).
 */
export const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type WeekdayCode = (typeof WEEKDAY_CODES)[number];

/** The weekday code of a calendar day (YYYY-MM-DD): a weekly rule without ByDay repeats on it. */
export const weekdayOf = (date: string): WeekdayCode => WEEKDAY_CODES[(new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7]!;
export const FREQUENCIES = ['Daily', 'Weekly', 'Monthly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/**
 * The most occurrences one series may hold unless the site's configuration says fewer
 * (issue 22: default 260, five years of a weekly meeting). The schema's own ceiling is the
 * absolute bound a request can ever ask for; the configured limit is checked by the service.
 */
export const DEFAULT_MAX_OCCURRENCES = 260;
export const ABSOLUTE_MAX_OCCURRENCES = 1_000;
export const MAX_INTERVAL = 99;
