import { z } from 'zod';
import { IsoInstant } from './bookings.js';

/** Wire shapes of room booking and approvals (issue 4; SPEC 3 'Availability result item', 7 'Bookings'). */

const OptionalId = z.coerce.number().int().min(1).max(2_147_483_647).nullable().optional();
const OptionalText = (max: number) => z.string().max(max, `must be at most ${max} characters`).nullable().optional()
  .transform((v) => v ?? '');

/** POST /api/rooms/availability. The seed sends camelCase keys; bodies match case-insensitively. */
export const RoomAvailabilityInput = z.object({
  FromDate: IsoInstant,
  ToDate: IsoInstant,
  RoomType: z.coerce.number().int().min(0).max(1).optional().default(0),
  LocationId: OptionalId,
  SiteId: OptionalId,
});
export type RoomAvailabilityInput = z.input<typeof RoomAvailabilityInput>;

/**
 * A room that is free for the whole requested range (SPEC 3 'Availability result item'); Start and
 * Finish echo that range. SiteId, SiteName, LocationName, IsRestricted and TimeZone are additions
 * so the list can name the place and say 'Request' rather than 'Book' for restricted rooms.
 */
export const AvailabilityItem = z.object({
  ID: z.number().int(),
  LocationID: z.number().int(),
  Name: z.string(),
  Capacity: z.number().int(),
  Equipment: z.string(),
  Disabled: z.boolean(),
  Hidden: z.boolean(),
  Start: z.string(),
  Finish: z.string(),
  SiteId: z.number().int(),
  SiteName: z.string(),
  LocationName: z.string(),
  IsRestricted: z.boolean(),
  IsRoomAdmin: z.boolean(),
  TimeZone: z.string(),
});
export type AvailabilityItem = z.infer<typeof AvailabilityItem>;

/** POST /api/bookings/searchRooms: a room's (or a site's rooms') active bookings in a range. */
export const RoomBookingSearchInput = z.object({
  RoomId: OptionalId,
  SiteId: OptionalId,
  FromDate: IsoInstant,
  ToDate: IsoInstant,
});
export type RoomBookingSearchInput = z.input<typeof RoomBookingSearchInput>;

/**
 * POST /api/bookings/room and POST /api/bookings/{id} (SPEC 7: a room booking carries
 * BookedByUserId, Description, Start, Finish, Id, OnBehalfOfEmail and RoomId). BookedByUserId and
 * Id are accepted and ignored: the caller is the booker; the path names the booking to update.
 * Description and OnBehalfOfEmail rules are checked by the service so the answer carries SPEC 5's
 * exact messages.
 */
export const RoomBookingInput = z.object({
  Id: z.unknown().optional(),
  BookedByUserId: z.unknown().optional(),
  RoomId: z.coerce.number().int().min(1).max(2_147_483_647),
  Start: IsoInstant,
  Finish: IsoInstant,
  Description: OptionalText(500),
  OnBehalfOfEmail: OptionalText(320),
});
export type RoomBookingInput = z.input<typeof RoomBookingInput>;

/**
 * POST /api/bookings/{id} for any booking: room bookings use the fields above; desk bookings are
 * passed to the desk booking rules, so the desk fields are accepted too. A field left out (or null)
 * keeps its saved value.
 */
export const BookingUpdateInput = RoomBookingInput.extend({
  RoomId: z.coerce.number().int().min(1).max(2_147_483_647).nullable().optional(),
  Start: IsoInstant.nullable().optional(),
  Finish: IsoInstant.nullable().optional(),
  Description: z.string().max(500, 'must be at most 500 characters').nullable().optional(),
  OnBehalfOfEmail: z.string().max(320, 'must be at most 320 characters').nullable().optional(),
  FloorplanId: z.number().int().min(1).max(2_147_483_647).nullable().optional(),
  DeskId: z.string().min(1).max(100).nullable().optional(),
  LayoutId: z.number().int().min(1).max(2_147_483_647).nullable().optional(),
  IncludeParking: z.boolean().nullable().optional(),
});
export type BookingUpdateInput = z.input<typeof BookingUpdateInput>;

/** POST /api/bookings/reject/{id}. CancelledByAdmin is accepted for the seed's sake; a rejection is always by an approver. */
export const RejectInput = z.object({
  CancellationReason: z.string().max(1000, 'must be at most 1000 characters').nullable().optional(),
  CancelledByAdmin: z.boolean().nullable().optional(),
});
export type RejectInput = z.input<typeof RejectInput>;

export const PendingApprovalsCount = z.object({ PendingApprovals: z.number().int() });
export type PendingApprovalsCount = z.infer<typeof PendingApprovalsCount>;

export { ROOM_BOOKING_MESSAGES } from '../roomBookingMessages.js';
