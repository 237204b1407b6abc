import { z } from 'zod';
import { Booking, IsoInstant } from './bookings.js';

/**
 * Wire shapes of My Bookings, cancelling, check-in, the personal calendar feed and the Reception
 * View (issue 5). Property names follow SPEC section 3.
 */

/** GET /api/bookings/my?pastLimit=&pastBefore= */
export const MyBookingsQuery = z.object({
  pastLimit: z.coerce.number().int().min(1).max(500).optional().default(50),
  /** Paging through the past: only bookings that started before this instant. */
  pastBefore: IsoInstant.optional(),
});

/** The caller's bookings: all upcoming ones (not yet finished, soonest first) and a page of past ones (latest first). */
export const MyBookings = z.object({
  Upcoming: z.array(Booking),
  Past: z.array(Booking),
  /** More past bookings exist: ask again with pastBefore = the Start of the last one. */
  HasMorePast: z.boolean(),
});
export type MyBookings = z.infer<typeof MyBookings>;

/**
 * DELETE /api/bookings: the booking (Id at least) with CancellationReason and CancelledByAdmin.
 * Other booking fields are accepted and ignored: the server cancels what it has stored. Whether a
 * cancellation is an admin one is decided by the server, not by the CancelledByAdmin sent.
 */
export const CancelBookingInput = z.looseObject({
  Id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  CancellationReason: z.string().max(1000, 'must be at most 1000 characters').nullable().optional(),
  CancelledByAdmin: z.boolean().nullable().optional(),
});
export type CancelBookingInput = z.input<typeof CancelBookingInput>;

/** A meeting on the check-in page or in the Reception View: the booking plus its check-in state. */
export const CheckInMeeting = Booking.extend({
  CheckedIn: z.boolean(),
  CheckedInAt: z.string().nullable(),
  /** The check-in window (SPEC 9): 15 minutes before to 15 minutes after the start, both ends included. */
  CheckInOpens: z.string(),
  CheckInCloses: z.string(),
  /** Check-in is possible right now (Approved, not checked in, inside the window). */
  CanCheckIn: z.boolean(),
});
export type CheckInMeeting = z.infer<typeof CheckInMeeting>;

/** What a visitor at the room's door needs to know about it: no access lists, no people. */
export const CheckInRoomDetails = z.object({
  Id: z.number().int(),
  SiteId: z.number().int(),
  LocationId: z.number().int(),
  Name: z.string(),
  RoomType: z.number().int(),
  Capacity: z.number().int(),
  Equipment: z.string(),
  Notes: z.string(),
  SiteName: z.string(),
  LocationName: z.string(),
  BuildingNameNo: z.string(),
  TimeZone: z.string(),
  /** Effective setting: the room's own, else its location's, else its site's. */
  RoomCheckIns: z.boolean(),
});
export type CheckInRoomDetails = z.infer<typeof CheckInRoomDetails>;

/**
 * A meeting as the check-in page shows it (issue 18). Everyone (the page is anonymous) sees its
 * times, status and check-in state. What it is about and who is in it only reach the people of the
 * meeting (booker, the person it was booked for), the room's admins, the site's site-level admins
 * and Admins; the Description also reaches everyone when the room's admins allow it (never for
 * clinical or restricted rooms). No e-mail address and no cancellation reason, ever.
 */
export const CheckInPageMeeting = z.object({
  Id: z.number().int(),
  Start: z.string(),
  Finish: z.string(),
  Status: z.number().int(),
  /** '' when the caller may not see it. */
  Description: z.string(),
  /** Only for the people of the meeting and its room's admins; null otherwise. */
  BookedByUserName: z.string().nullable(),
  CheckedIn: z.boolean(),
  CheckedInAt: z.string().nullable(),
  /** Only for the people of the meeting and its room's admins; null otherwise. */
  CheckedInByUserName: z.string().nullable(),
  /** The check-in window (SPEC 9): 15 minutes before to 15 minutes after the start, both ends included. */
  CheckInOpens: z.string(),
  CheckInCloses: z.string(),
  /** Check-in is possible right now (Approved, not checked in, inside the window). */
  CanCheckIn: z.boolean(),
  /**
   * The signed-in caller may check in to this meeting as themselves (its booker, the person it was
   * booked for, or an admin of its room). Always false signed out: visitors give an e-mail instead.
   */
  IsYours: z.boolean(),
});
export type CheckInPageMeeting = z.infer<typeof CheckInPageMeeting>;

/** SPEC 3 "Check-in info", as CheckInPageMeeting says who sees what. */
export const CheckInInfo = z.object({
  RoomDetails: CheckInRoomDetails,
  UpcomingMeeting: CheckInPageMeeting.nullable(),
  PreviousMeeting: CheckInPageMeeting.nullable(),
  /** The server's clock, so a page can show the window without trusting the device's clock. */
  Now: z.string(),
});
export type CheckInInfo = z.infer<typeof CheckInInfo>;

export const CheckInPlaceParams = z.object({
  siteId: z.coerce.number().int().min(1).max(2_147_483_647),
  locationId: z.coerce.number().int().min(1).max(2_147_483_647),
  roomId: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const BookingIdParam = z.object({ bookingId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/** POST /api/bookings/check-in/{bookingId}: the e-mail is needed only when not signed in. */
export const CheckInInput = z.looseObject({
  Email: z.string().max(320).nullable().optional(),
});

export const CheckInResult = z.object({
  /** The booking was already checked in: nothing changed. */
  AlreadyCheckedIn: z.boolean(),
  Message: z.string(),
  Booking: CheckInPageMeeting,
});
export type CheckInResult = z.infer<typeof CheckInResult>;

/** The personal iCalendar feed. The secret URL is shown once, when created or rotated. */
export const CalendarFeed = z.object({
  Enabled: z.boolean(),
  Url: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof CalendarFeed>;

/** GET /api/bookings/site/{siteId}?start=&end= (Reception View). */
export const SiteCalendarQuery = z.object({ start: IsoInstant, end: IsoInstant });

export const SiteCalendarRoom = z.object({
  Id: z.number().int(),
  Name: z.string(),
  LocationId: z.number().int(),
  LocationName: z.string(),
  RoomType: z.number().int(),
  Capacity: z.number().int(),
  RoomCheckIns: z.boolean(),
  /**
   * The caller is a room admin of this room (listed on the room or its location), so may cancel
   * others' bookings in it with a reason. Being the site's site-level admin alone does not count.
   */
  IsRoomAdmin: z.boolean(),
});

export const SiteCalendar = z.object({
  SiteId: z.number().int(),
  SiteName: z.string(),
  TimeZone: z.string(),
  Rooms: z.array(SiteCalendarRoom),
  /** Pending, Approved and auto-cancelled room bookings overlapping the range. */
  Bookings: z.array(CheckInMeeting),
});
export type SiteCalendar = z.infer<typeof SiteCalendar>;
