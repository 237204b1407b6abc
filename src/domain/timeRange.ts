/**
 * Half-open time ranges `[start, end)`: the start instant belongs to the range, the end does not.
 * This is the same semantics as the database's `tstzrange '[)'` exclusion constraint, so a
 * booking 09:00–10:00 and one 10:00–11:00 are back-to-back, not clashing, both here and there.
 */
export interface TimeRange {
  readonly start: Date;
  readonly end: Date;
}

const isValidDate = (d: unknown): d is Date => d instanceof Date && !Number.isNaN(d.getTime());

/** A usable range has two real dates and a strictly positive length (an empty range books nothing). */
export const isValidRange = (range: TimeRange | null | undefined): range is TimeRange =>
  range != null && isValidDate(range.start) && isValidDate(range.end) && range.start.getTime() < range.end.getTime();

/**
 * True when the two ranges share at least one instant. With `[)` semantics that is
 * `a.start < b.end && b.start < a.end`; touching ends (a.end === b.start) do not overlap.
 */
export const overlaps = (a: TimeRange, b: TimeRange): boolean =>
  a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime();

/** True when `range` overlaps any of `others` (e.g. a new slot against existing active bookings). */
export const overlapsAny = (range: TimeRange, others: readonly TimeRange[]): boolean =>
  others.some((other) => overlaps(range, other));
