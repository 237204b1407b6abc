import { z } from 'zod';
import { BookingConstraintInput } from './common.js';
import { PersonRef, RefListInput, TeamRef } from './people.js';
import { PlaceConstraint } from './sites.js';

export { ROOM_CAPACITY, ROOM_TYPE } from '../roomTypes.js';

/**
 * Room (SPEC 3). IsRestricted and IsRoomAdmin are for the caller; WorkWeekOnly, RoomBookingEnabled
 * and TimeZone come from the site. RoomAdminUsers/Teams are filled for admins and the room's own
 * room admins; others receive empty lists.
 */
export const Room = z.object({
  Id: z.number().int(),
  SiteId: z.number().int(),
  LocationId: z.number().int(),
  Name: z.string(),
  RoomType: z.number().int(),
  Capacity: z.number().int(),
  Equipment: z.string(),
  Notes: z.string(),
  Hidden: z.boolean(),
  Disabled: z.boolean(),
  /** Bookings here by people who are not room admins (nor admins) become Pending requests. */
  IsRestricted: z.boolean(),
  /** The caller is a room admin (approver) of this room: listed on the room or its location, directly or through a team. */
  IsRoomAdmin: z.boolean(),
  RestrictRoomAccess: z.boolean(),
  RoomAdminUsers: z.array(PersonRef),
  RoomAdminTeams: z.array(TeamRef),
  RoomBookingConstraint: PlaceConstraint.nullable(),
  /** Effective: the room's own setting, else the location's, else the site's. */
  RoomCheckIns: z.boolean(),
  /** The room's own setting; null inherits. */
  RoomCheckInsSetting: z.boolean().nullable(),
  /**
   * Meeting descriptions are shown on the room's check-in page to everyone, signed out included
   * (issue 18). Off by default; always false for clinical and restricted rooms.
   */
  CheckInShowsDescriptions: z.boolean(),
  WorkWeekOnly: z.boolean(),
  RoomBookingEnabled: z.boolean(),
  SiteName: z.string(),
  LocationName: z.string(),
  TimeZone: z.string(),
});
export type Room = z.infer<typeof Room>;
export const RoomList = z.array(Room);

const text = (max: number) => z.string().max(max).nullable().optional();

/**
 * POST /api/rooms (LocationId required) and /api/rooms/{id}. Missing fields keep their saved value
 * (defaults on create). Name, RoomType and Capacity rules are checked by the service, so the
 * answer carries their exact message.
 */
export const RoomInput = z.object({
  LocationId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  Name: text(1000),
  RoomType: z.unknown().optional(),
  Capacity: z.unknown().optional(),
  Equipment: text(4000),
  Notes: text(4000),
  Hidden: z.boolean().optional(),
  Disabled: z.boolean().optional(),
  RoomCheckIns: z.boolean().nullable().optional(),
  /** true is refused for a clinical or restricted room; becoming one turns it off. */
  CheckInShowsDescriptions: z.boolean().optional(),
  RestrictRoomAccess: z.boolean().optional(),
  RoomAdminUsers: RefListInput.optional(),
  RoomAdminTeams: RefListInput.optional(),
  RoomBookingConstraint: BookingConstraintInput.nullable().optional(),
});
export type RoomInput = z.infer<typeof RoomInput>;

export const RoomListParams = z.object({ locationId: z.coerce.number().int().min(1).max(2_147_483_647), roomType: z.coerce.number().int().min(0).max(1) });
export const SiteRoomListParams = z.object({ siteId: z.coerce.number().int().min(1).max(2_147_483_647), roomType: z.coerce.number().int().min(0).max(1) });
