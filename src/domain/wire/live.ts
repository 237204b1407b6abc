/**
 * The live channel (issue 24): GET /api/live is a stream of Server-Sent Events. Events carry ids,
 * kinds, times and status only, never names, e-mails or descriptions: a screen that shows more
 * refetches it through its own route, which applies the usual rules.
 *
 * SSE event names: 'booking' (data: LiveBookingEvent), 'approvals' (data: {}; the pending approval
 * count may have changed, sent only to people who approve), 'resync' (data: {}; events may have been
 * missed: refetch everything shown), 'ready' (data: {}; the stream is open and caught up).
 */
export const LIVE_EVENT_NAMES = ['booking', 'approvals', 'resync', 'ready'] as const;
export type LiveEventName = (typeof LIVE_EVENT_NAMES)[number];

export interface LiveBookingEvent {
  BookingId: number;
  Kind: 'desk' | 'room';
  SiteId: number;
  LocationId: number;
  FloorplanId: number | null;
  RoomId: number | null;
  DeskId: string | null;
  /** ISO instants of the booking's start and finish (the day(s) it touches). */
  Start: string;
  Finish: string;
  /** BookingStatus: 0 Pending, 1 Approved, 2 Rejected, 3 Cancelled, 4 AutoCancel. */
  Status: number;
  CheckedIn: boolean;
  /** The booking is the receiver's own (booked by them or on their behalf). */
  Mine: boolean;
}
