/**
 * Desk check-in (issue 24): a site, or a location overriding it, may require desk bookings to be
 * checked in within a window around their start. Like the room window (checkIn.ts) it is CLOSED at
 * both ends, and a booking nobody checked in to is released strictly after the window closes.
 */
export const DESK_CHECK_IN_DEFAULTS = { beforeMinutes: 15, afterMinutes: 30 } as const;
/** Bounds an admin may set. At least 15 after: a desk booking may start up to 15 minutes in the past. */
export const DESK_WINDOW_BOUNDS = { beforeMin: 0, beforeMax: 120, afterMin: 15, afterMax: 240 } as const;

export interface DeskCheckInRule { required: boolean; beforeMinutes: number; afterMinutes: number }

/** The location's setting when it has one (null: inherit), else the site's. The window is overridden whole. */
export const resolveDeskCheckIn = (
  site: DeskCheckInRule,
  location: { required: boolean | null; beforeMinutes: number | null; afterMinutes: number | null },
): DeskCheckInRule => ({
  required: location.required ?? site.required,
  ...(location.beforeMinutes !== null && location.afterMinutes !== null
    ? { beforeMinutes: location.beforeMinutes, afterMinutes: location.afterMinutes }
    : { beforeMinutes: site.beforeMinutes, afterMinutes: site.afterMinutes }),
});

export const deskCheckInWindow = (start: Date, rule: Pick<DeskCheckInRule, 'beforeMinutes' | 'afterMinutes'>): { opens: Date; closes: Date } => ({
  opens: new Date(start.getTime() - rule.beforeMinutes * 60_000),
  closes: new Date(start.getTime() + rule.afterMinutes * 60_000),
});

/** Where `now` stands against the window: before it opens, inside (edges included), or after it closed. */
export function deskWindowState(start: Date, rule: Pick<DeskCheckInRule, 'beforeMinutes' | 'afterMinutes'>, now: Date): 'early' | 'open' | 'closed' {
  const { opens, closes } = deskCheckInWindow(start, rule);
  if (now.getTime() < opens.getTime()) return 'early';
  if (now.getTime() > closes.getTime()) return 'closed';
  return 'open';
}

/** Why this window cannot be saved, per field, or an empty object. Whole minutes only. */
export function deskWindowErrors(beforeMinutes: number, afterMinutes: number): { BeforeMinutes?: string; AfterMinutes?: string } {
  const b = DESK_WINDOW_BOUNDS;
  const errors: { BeforeMinutes?: string; AfterMinutes?: string } = {};
  if (!Number.isInteger(beforeMinutes) || beforeMinutes < b.beforeMin || beforeMinutes > b.beforeMax) {
    errors.BeforeMinutes = `Check-in can open between ${b.beforeMin} and ${b.beforeMax} minutes before the start (whole minutes).`;
  }
  if (!Number.isInteger(afterMinutes) || afterMinutes < b.afterMin || afterMinutes > b.afterMax) {
    errors.AfterMinutes = `Check-in must stay open between ${b.afterMin} and ${b.afterMax} minutes after the start (whole minutes).`;
  }
  return errors;
}
