import { TZDate } from '@date-fns/tz';
import { addMonths } from 'date-fns/addMonths';
import { addWeeks } from 'date-fns/addWeeks';
import { addYears } from 'date-fns/addYears';
import { endOfDay } from 'date-fns/endOfDay';
import { startOfDay } from 'date-fns/startOfDay';

/**
 * How far ahead a room or desk may be booked (SPEC sections 3 and 9). A constraint is set at
 * location, site or global level; the most specific one that is set wins.
 */
export const CONSTRAINT_RESOURCE = { Room: 1, Desk: 2 } as const;
export const CONSTRAINT_TYPE = { Week: 1, Month: 2, Year: 3 } as const;

export type ConstraintResourceType = (typeof CONSTRAINT_RESOURCE)[keyof typeof CONSTRAINT_RESOURCE];
export type ConstraintType = (typeof CONSTRAINT_TYPE)[keyof typeof CONSTRAINT_TYPE];

export interface BookingConstraint {
  readonly Number: number;
  readonly ResourceType: ConstraintResourceType;
  readonly Type: ConstraintType;
}

type MaybeConstraint = BookingConstraint | null | undefined;

const KNOWN_TYPES: readonly number[] = Object.values(CONSTRAINT_TYPE);

/**
 * "Set" means a positive whole Number and a known Type. An admin form that was left empty stores
 * Number 0, which must not mean "book nothing ahead" at a location: it means "no opinion here,
 * ask the site". A corrupt row (unknown Type) is treated the same rather than crashing bookings.
 */
export const isConstraintSet = (c: MaybeConstraint): c is BookingConstraint =>
  c != null && Number.isSafeInteger(c.Number) && c.Number > 0 && KNOWN_TYPES.includes(c.Type);

/**
 * Location, else site, else global. Returns null when nothing is set anywhere, including a
 * global constraint with Number 0, which the spec defines as "no limit".
 */
export const resolveConstraint = (levels: {
  location?: MaybeConstraint;
  site?: MaybeConstraint;
  global: MaybeConstraint;
}): BookingConstraint | null => {
  for (const c of [levels.location, levels.site, levels.global]) {
    if (isConstraintSet(c)) return c;
  }
  return null;
};

/**
 * The last moment that may be booked, or null for no limit.
 *
 * Choice (the spec is silent): counting starts at the START OF TODAY in the site's time zone, not
 * at `now`, so the limit does not creep forward through the day; the limit is the END of the
 * target day (23:59:59.999 local), so the whole last day is bookable. Week = 7 calendar days
 * each; Month and Year are calendar months/years, clamped to the month's last day (31 Jan + 1
 * month = 28/29 Feb) as date-fns does. Doing it in the zone keeps DST days right: a week from
 * the Thursday before the March clock change still ends at local midnight, not 23:00.
 */
export const advanceLimitDate = (constraint: MaybeConstraint, now: Date, timeZone: string): Date | null => {
  if (!isConstraintSet(constraint)) return null;
  const today = startOfDay(new TZDate(now.getTime(), timeZone));
  const n = constraint.Number;
  const target =
    constraint.Type === CONSTRAINT_TYPE.Week
      ? addWeeks(today, n)
      : constraint.Type === CONSTRAINT_TYPE.Month
        ? addMonths(today, n)
        : addYears(today, n);
  const limit = endOfDay(target).getTime();
  // A huge Number can run past the largest Date; that is "no practical limit", not an error.
  return Number.isNaN(limit) ? null : new Date(limit);
};

/** A booking may start up to and including the limit instant; null means unlimited. */
export const isWithinAdvanceLimit = (start: Date, limit: Date | null): boolean =>
  limit === null || start.getTime() <= limit.getTime();

/**
 * Constraint number from an admin form or request (SPEC 5: "an integer, 0 if empty").
 * Accepts a non-negative whole number or a string of digits (surrounding spaces ignored).
 * Everything else (empty, negative, fractional "2.5", "1e3", "0x10", NaN, booleans) is 0,
 * i.e. "not set at this level". Fractions are refused rather than truncated so "1.5 months"
 * is not silently read as 1.
 */
export const parseConstraintNumber = (input: unknown): number => {
  if (typeof input === 'number') return Number.isSafeInteger(input) && input > 0 ? input : 0;
  if (typeof input === 'string') {
    const s = input.trim();
    if (!/^\d+$/.test(s)) return 0;
    const n = Number(s);
    return Number.isSafeInteger(n) ? n : 0;
  }
  return 0;
};
