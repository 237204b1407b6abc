import { z } from 'zod';
import { BookingConstraintInput } from './common.js';
import { PersonRef, RefListInput, TeamRef } from './people.js';
import { PlaceConstraint } from './sites.js';

/** Location (SPEC 3). Access lists are filled for admins only; others receive empty lists. */
export const Location = z.object({
  Id: z.number().int(),
  SiteId: z.number().int(),
  SiteName: z.string(),
  Title: z.string(),
  BuildingNameNo: z.string(),
  /** The same value as BuildingNameNo (SPEC 3 names both). */
  BuildingNo: z.string(),
  /** Effective: the location's own setting, else the site's. */
  RoomCheckIns: z.boolean(),
  /** The location's own setting; null inherits the site's. */
  RoomCheckInsSetting: z.boolean().nullable(),
  RestrictRoomAccess: z.boolean(),
  RestrictDeskAccess: z.boolean(),
  RoomAdminUsers: z.array(PersonRef),
  RoomAdminTeams: z.array(TeamRef),
  DeskAccessUsers: z.array(PersonRef),
  DeskAccessTeams: z.array(TeamRef),
  BookingConstraints: z.array(PlaceConstraint),
  RoomBookingConstraint: PlaceConstraint.nullable(),
  DeskBookingConstraint: PlaceConstraint.nullable(),
  TimeZone: z.string(),
});
export type Location = z.infer<typeof Location>;
export const LocationList = z.array(Location);

const text = (max: number) => z.string().max(max).nullable().optional();

/**
 * POST /api/locations/site/{siteId} and /api/locations/{id}. Missing fields keep their saved value
 * (defaults on create). Constraints come as the BookingConstraints list or as the two single
 * fields; a single field wins over the list entry of its resource type (null removes it).
 */
export const LocationInput = z.object({
  Title: text(1000),
  BuildingNameNo: text(200),
  BuildingNo: text(200),
  RoomCheckIns: z.boolean().nullable().optional(),
  RestrictRoomAccess: z.boolean().optional(),
  RestrictDeskAccess: z.boolean().optional(),
  RoomAdminUsers: RefListInput.optional(),
  RoomAdminTeams: RefListInput.optional(),
  DeskAccessUsers: RefListInput.optional(),
  DeskAccessTeams: RefListInput.optional(),
  BookingConstraints: z.array(BookingConstraintInput).max(10).optional(),
  RoomBookingConstraint: BookingConstraintInput.nullable().optional(),
  DeskBookingConstraint: BookingConstraintInput.nullable().optional(),
});
export type LocationInput = z.infer<typeof LocationInput>;
