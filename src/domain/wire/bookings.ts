import { z } from 'zod';

/** An instant on the wire: ISO 8601 with an offset (wire contract). */
export const IsoInstant = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time with an offset' });

const OptionalText = (max: number) => z.string().max(max, `must be at most ${max} characters`).optional().default('');

/** POST /api/bookings/desk (SPEC 7 'Saving bookings'). */
export const DeskBookingInput = z.object({
  Start: IsoInstant,
  Finish: IsoInstant,
  FloorplanId: z.number().int().min(1).max(2_147_483_647),
  DeskId: z.string().min(1).max(100),
  LayoutId: z.number().int().min(1).max(2_147_483_647).optional(),
  IncludeParking: z.boolean().optional().default(false),
  Description: OptionalText(500),
  OnBehalfOfEmail: OptionalText(320),
});
export type DeskBookingInput = z.input<typeof DeskBookingInput>;

/** A booking as SPEC section 3 names its fields. Times are ISO 8601 with offset. */
export const Booking = z.object({
  Id: z.number().int(),
  Start: z.string(),
  Finish: z.string(),
  DeskId: z.string().nullable(),
  DeskName: z.string().nullable(),
  RoomId: z.number().int().nullable(),
  RoomName: z.string().nullable(),
  RoomType: z.number().int().nullable(),
  SiteName: z.string(),
  SiteId: z.number().int(),
  LocationId: z.number().int(),
  FloorplanId: z.number().int().nullable(),
  LayoutId: z.number().int().nullable(),
  PostCode: z.string(),
  Description: z.string(),
  OnBehalfOfEmail: z.string(),
  BookedByUserId: z.number().int(),
  BookedByUserName: z.string(),
  IncludeParking: z.boolean(),
  Status: z.number().int(),
  CancellationReason: z.string(),
  CancelledByAdmin: z.boolean(),
  CancelledByUserName: z.string().nullable(),
  CheckedInByUserId: z.number().int().nullable(),
  CheckedInByUserName: z.string().nullable(),
  /** The repeating booking this occurrence belongs to (issue 22); absent for a single booking. */
  SeriesId: z.string().optional(),
});
export type Booking = z.infer<typeof Booking>;

/**
 * GET /api/bookings/for/{floorplanId}: which desks are taken in a time range. Other people's bookings
 * show only that the desk is taken (and by whom only if it is the caller's own): privacy by default.
 */
export const DeskOccupancy = z.object({
  DeskId: z.string(),
  Start: z.string(),
  Finish: z.string(),
  Status: z.number().int(),
  IsMine: z.boolean(),
  BookingId: z.number().int().nullable(),
  /**
   * Who sits there, when the privacy settings let this caller see it (issue 20, "who's in"); null or
   * absent when hidden, when it is the caller's own booking, or for anonymous screens.
   */
  Occupant: z.object({ Name: z.string(), Initials: z.string() }).nullable().optional(),
});
export type DeskOccupancy = z.infer<typeof DeskOccupancy>;

export const DeskOccupancyQuery = z.object({ start: IsoInstant, end: IsoInstant });
