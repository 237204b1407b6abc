/**
 * Managing a repeating booking after it is booked (issue 22): read one series with its occurrences,
 * cancel this and the following occurrences (or every one not yet started), decide a restricted
 * room's series request as one, move this and the following occurrences to other times.
 * A single occurrence is cancelled, approved or rejected by the single booking routes as before.
 */
import { z } from 'zod';
import { isCalendarDate } from '../deskRoute.js';
import { FREQUENCIES, WEEKDAY_CODES } from '../recurrence/recurrenceRule.js';
import { Booking } from './bookings.js';

const CalendarDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD').refine(isCalendarDate, 'must be a real calendar date');
const Reason = z.string().max(1000, 'must be at most 1000 characters');
const ClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:mm (00:00 to 23:59)');

/**
 * The series id in the path. Any text up to 100 characters is accepted here so that a malformed id
 * answers 404 like an unknown one (a stranger cannot tell a series exists); longer is 400.
 */
export const SeriesIdParam = z.object({ seriesId: z.string().min(1).max(100) });

/** The repeat rule as saved (the request's Recurrence), plain for the response serializer. */
export const SavedRecurrence = z.object({
  Frequency: z.enum(FREQUENCIES),
  Interval: z.number().int(),
  ByDay: z.array(z.enum(WEEKDAY_CODES)).optional(),
  ByMonthDay: z.number().int().optional(),
  BySetPos: z.number().int().optional(),
  Until: z.string().optional(),
  Count: z.number().int().optional(),
});

export const SeriesDetailOccurrence = z.object({
  BookingId: z.number().int(),
  /** The occurrence's calendar day on the site's clock (YYYY-MM-DD). */
  Date: z.string(),
  Start: z.string(),
  Finish: z.string(),
  /** The booking's status as in Booking: 0 Pending, 1 Approved, 2 Rejected, 3 Cancelled, ... */
  Status: z.number().int(),
});
export type SeriesDetailOccurrence = z.infer<typeof SeriesDetailOccurrence>;

/** GET /api/bookings/series/{SeriesId}. */
export const SeriesDetail = z.object({
  SeriesId: z.string(),
  Kind: z.enum(['Desk', 'Room']),
  /** The room's name, or the desk's name (its id when it has none). */
  PlaceName: z.string(),
  SiteName: z.string(),
  TimeZone: z.string(),
  Rule: SavedRecurrence,
  /** The rule in words, e.g. "Every week on Tuesday, until Wed 30 Dec 2026". */
  Summary: z.string(),
  /** The meeting title (desk bookings: the booking's note); left out for callers who may not see it. */
  Description: z.string().optional(),
  BookedByUserName: z.string(),
  OnBehalfOfEmail: z.string(),
  /** True when the caller manages someone else's series: cancelling then needs a Reason. */
  CancelNeedsReason: z.boolean(),
  Occurrences: z.array(SeriesDetailOccurrence),
});
export type SeriesDetail = z.infer<typeof SeriesDetail>;

/** POST /api/bookings/series/{SeriesId}/cancel. */
export const SeriesCancelInput = z.object({
  /** This day's occurrence and the following ones; absent: every occurrence not yet started. */
  From: CalendarDay.optional(),
  /** Required (non-blank) when an admin or manager cancels someone else's series. */
  Reason: Reason.optional(),
}).strict();
export type SeriesCancelInput = z.input<typeof SeriesCancelInput>;

export const SeriesCancelled = z.object({
  Cancelled: z.number().int(),
  /** The days of the occurrences cancelled now (YYYY-MM-DD, ascending). */
  Dates: z.array(z.string()),
});
export type SeriesCancelled = z.infer<typeof SeriesCancelled>;

/** POST /api/approvals/series/{SeriesId}: decides every still-pending occurrence at once. */
export const SeriesDecisionInput = z.object({
  Decision: z.enum(['Approve', 'Reject']),
  /** Required (non-blank) to reject. */
  Reason: Reason.optional(),
}).strict();
export type SeriesDecisionInput = z.input<typeof SeriesDecisionInput>;

export const SeriesDecided = z.object({ Decided: z.number().int() });
export type SeriesDecided = z.infer<typeof SeriesDecided>;

/** An item of GET /api/bookings/pendingApprovals: a series' occurrences carry SeriesId and SeriesSummary. */
export const PendingApproval = Booking.extend({
  SeriesSummary: z.string().optional(),
});
export type PendingApproval = z.infer<typeof PendingApproval>;

/** POST /api/bookings/series/{SeriesId}/change (stretch): new times from this day on, on the site's clock. */
export const SeriesChangeInput = z.object({
  From: CalendarDay,
  StartTime: ClockTime,
  FinishTime: ClockTime,
}).strict();
export type SeriesChangeInput = z.input<typeof SeriesChangeInput>;

export const SeriesChanged = z.object({
  Changed: z.number().int(),
  Dates: z.array(z.string()),
});
export type SeriesChanged = z.infer<typeof SeriesChanged>;
