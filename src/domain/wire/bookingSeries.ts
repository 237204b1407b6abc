import { z } from 'zod';
import { isCalendarDate } from '../deskRoute.js';
import { ABSOLUTE_MAX_OCCURRENCES, Recurrence } from '../recurrence/recurrenceRule.js';
import { Booking, DeskBookingInput } from './bookings.js';
import { RoomBookingInput } from './roomBooking.js';

/**
 * Repeating room and desk bookings (issue 22). The first occurrence is the request's Start and Finish (its
 * wall clock on the site's clocks repeats); Recurrence says how it repeats. A preview answers every
 * occurrence with what would happen to it; the booking request then names the days the person chose
 * (Dates), and the server books exactly those or none.
 */
const CalendarDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD').refine(isCalendarDate, 'must be a real calendar date');

export const RoomSeriesInput = RoomBookingInput.omit({ Id: true, BookedByUserId: true }).extend({
  Recurrence,
  /** The occurrences to book, by their day; a preview ignores it. */
  Dates: z.array(CalendarDay).min(1, 'choose at least one occurrence to book').max(ABSOLUTE_MAX_OCCURRENCES).optional(),
});
export type RoomSeriesInput = z.input<typeof RoomSeriesInput>;

/** A repeating desk booking: the single desk booking's fields, plus how it repeats and the days chosen. */
export const DeskSeriesInput = DeskBookingInput.extend({
  Recurrence,
  /** The occurrences to book, by their day; a preview ignores it. */
  Dates: z.array(CalendarDay).min(1, 'choose at least one occurrence to book').max(ABSOLUTE_MAX_OCCURRENCES).optional(),
});
export type DeskSeriesInput = z.input<typeof DeskSeriesInput>;

/**
 * What would become of one occurrence: Free (booked when chosen), NeedsApproval (free, in a
 * restricted room: chosen ones become one request), Taken (another booking holds the room or desk
 * then), Past, BeyondLimit (after the last day the advance limit allows), Closed (a closure covers
 * the place then; Reason is the closure's reason), Refused (another rule of a single booking says
 * no: a team's desk, the person already has a desk then, the car park is full; Reason says which).
 * Only Free and NeedsApproval occurrences can be booked.
 */
export const OCCURRENCE_STATES = ['Free', 'NeedsApproval', 'Taken', 'Past', 'BeyondLimit', 'Closed', 'Refused'] as const;
export type OccurrenceState = (typeof OCCURRENCE_STATES)[number];

export const SeriesOccurrence = z.object({
  Date: z.string(),
  Start: z.string(),
  Finish: z.string(),
  State: z.enum(OCCURRENCE_STATES),
  /** Why it cannot be booked, in words (empty for Free and NeedsApproval). */
  Reason: z.string(),
});
export type SeriesOccurrence = z.infer<typeof SeriesOccurrence>;

export const SeriesPreview = z.object({
  Occurrences: z.array(SeriesOccurrence),
  /** The last day the advance limit allows (YYYY-MM-DD on the site's clock), when one applies. */
  LastPossibleDate: z.string().nullable(),
  TimeZone: z.string(),
});
export type SeriesPreview = z.infer<typeof SeriesPreview>;

export const SeriesBooked = z.object({
  SeriesId: z.string(),
  Booked: z.array(Booking),
  /** The occurrences not booked (not chosen, or not bookable), with their state. */
  Skipped: z.array(SeriesOccurrence),
});
export type SeriesBooked = z.infer<typeof SeriesBooked>;

/** The room series' names for the shared shapes (a room and a desk series answer alike). */
export const RoomSeriesPreview = SeriesPreview;
export type RoomSeriesPreview = SeriesPreview;
export const RoomSeriesBooked = SeriesBooked;
export type RoomSeriesBooked = SeriesBooked;
