import { z } from 'zod';
import { BookingConstraint, BookingConstraintInput } from './common.js';
import { PersonRef, RefListInput, TeamRef } from './people.js';

/** A constraint as saved at a level (SPEC 3: Id, SiteId, LocationId, RoomId, Number, ResourceType, Type). */
export const PlaceConstraint = BookingConstraint.extend({
  SiteId: z.number().int().nullable(),
  LocationId: z.number().int().nullable(),
  RoomId: z.number().int().nullable(),
});
export type PlaceConstraint = z.infer<typeof PlaceConstraint>;

/** Site fields every signed-in person may read (lists and booking screens). */
export const SiteSummary = z.object({
  Id: z.number().int(),
  Title: z.string(),
  Address: z.string(),
  Description: z.string(),
  PostCode: z.string(),
  /** IANA time zone the site's wall-clock times are read in. */
  TimeZone: z.string(),
  SiteLevelParking: z.boolean(),
  ParkingSpaces: z.number().int(),
  Notes: z.string(),
  NotificationEmail: z.string(),
  RoomBookingEnabled: z.boolean(),
  DeskBookingEnabled: z.boolean(),
  /** Booking period: Work Week (true) or Full Week (false). */
  WorkWeekOnly: z.boolean(),
  RestrictRoomAccess: z.boolean(),
  RestrictDeskAccess: z.boolean(),
  RoomCheckIns: z.boolean(),
  BookingConstraints: z.array(PlaceConstraint),
  /** The hours the room calendar and the Reception View show, minutes since midnight in the site's zone. */
  DayStartMinutes: z.number().int(),
  DayEndMinutes: z.number().int(),
});
export type SiteSummary = z.infer<typeof SiteSummary>;

/** Access lists of a site. Filled for admins only; others receive empty lists. */
export const SiteAccessLists = z.object({
  ResourceAdminUsers: z.array(PersonRef),
  ResourceAdminTeams: z.array(TeamRef),
  RoomAdminUsers: z.array(PersonRef),
  RoomAdminTeams: z.array(TeamRef),
  DeskAccessUsers: z.array(PersonRef),
  DeskAccessTeams: z.array(TeamRef),
});

/** GET /api/sites/{id}, and the answer of POST /api/sites and /api/sites/{id}. */
export const Site = SiteSummary.extend(SiteAccessLists.shape);
export type Site = z.infer<typeof Site>;
export const SiteList = z.array(SiteSummary);

/** GET /api/sites/my (SPEC 7: SiteId and SiteName). */
export const MySite = z.object({
  SiteId: z.number().int(),
  SiteName: z.string(),
  /** The site's IANA time zone: the Reception View draws the site's wall clock, whatever the device's zone. */
  TimeZone: z.string(),
  /** The site's day hours, so the Reception View shows the same hours as the room calendar. */
  DayStartMinutes: z.number().int(),
  DayEndMinutes: z.number().int(),
});
export type MySite = z.infer<typeof MySite>;
export const MySiteList = z.array(MySite);

/**
 * A site's day hours: what the room calendar and the Reception View show (issue 20). Display only:
 * the booking rules (past, advance limit, clashes) do not change with them.
 */
export const DEFAULT_DAY_START_MINUTES = 7 * 60;
export const DEFAULT_DAY_END_MINUTES = 20 * 60;
export const DAY_HOURS_STEP_MINUTES = 30;
export const DAY_HOURS_STEP_MESSAGE = 'Day hours must be whole or half hours';
export const DAY_HOURS_ORDER_MESSAGE = 'The day must end after it starts';

/** Why a pair of day hours is refused (field name and message), or null when they are fine. */
export function dayHoursError(start: number, end: number): { field: 'DayStartMinutes' | 'DayEndMinutes'; message: string } | null {
  const onStep = (m: number) => Number.isInteger(m) && m >= 0 && m <= 24 * 60 && m % DAY_HOURS_STEP_MINUTES === 0;
  if (!onStep(start)) return { field: 'DayStartMinutes', message: DAY_HOURS_STEP_MESSAGE };
  if (!onStep(end)) return { field: 'DayEndMinutes', message: DAY_HOURS_STEP_MESSAGE };
  if (end <= start) return { field: 'DayEndMinutes', message: DAY_HOURS_ORDER_MESSAGE };
  return null;
}

const text = (max: number) => z.string().max(max).nullable().optional();

/**
 * POST /api/sites (create) and /api/sites/{id} (update). Every field is optional: on update a
 * missing field keeps its saved value (an access list too), on create it takes its default.
 * Rules with user-facing messages (title, e-mail, time zone, parking) are checked by the service.
 */
export const SiteInput = z.object({
  Title: text(1000),
  Address: text(1000),
  Description: text(4000),
  PostCode: text(50),
  TimeZone: text(100),
  SiteLevelParking: z.boolean().optional(),
  /** SPEC 5: an integer; anything invalid or empty becomes 0. */
  ParkingSpaces: z.unknown().optional(),
  Notes: text(4000),
  NotificationEmail: text(400),
  RoomBookingEnabled: z.boolean().optional(),
  DeskBookingEnabled: z.boolean().optional(),
  WorkWeekOnly: z.boolean().optional(),
  RestrictRoomAccess: z.boolean().optional(),
  RestrictDeskAccess: z.boolean().optional(),
  RoomCheckIns: z.boolean().optional(),
  ResourceAdminUsers: RefListInput.optional(),
  ResourceAdminTeams: RefListInput.optional(),
  RoomAdminUsers: RefListInput.optional(),
  RoomAdminTeams: RefListInput.optional(),
  DeskAccessUsers: RefListInput.optional(),
  DeskAccessTeams: RefListInput.optional(),
  BookingConstraints: z.array(BookingConstraintInput).max(10).optional(),
  /** Day hours (minutes since midnight); the service checks them with dayHoursError. */
  DayStartMinutes: z.number().int().min(0).max(24 * 60).optional(),
  DayEndMinutes: z.number().int().min(0).max(24 * 60).optional(),
});
export type SiteInput = z.infer<typeof SiteInput>;

export const RoomTypeParam = z.object({ type: z.coerce.number().int().min(0).max(1) });
