/**
 * What the booking confirmation says (issue 20, point 7), the same for a desk and a room: pure, so
 * its wording is tested without a browser.
 */
export interface ConfirmedBooking {
  id: number;
  kind: 'desk' | 'room';
  /** 'Desk 4', 'Thames'. */
  what: string;
  /** 'Floor 1: Main plan, London HQ'. */
  place: string;
  /** ISO instants, shown in the site's time zone. */
  start: string;
  finish: string;
  timeZone: string;
  /** A request for a restricted room, waiting for an approver. */
  pending: boolean;
  /** The person booked for ('' when the booker themself). */
  onBehalfOf: string;
  /** A parking space was reserved with the desk. */
  parking: boolean;
}

export const PENDING_TITLE = 'Requested: waiting for approval';

/** The heading: 'Desk 4 booked', 'Thames booked', or the request's. */
export const confirmationTitle = (b: Pick<ConfirmedBooking, 'what' | 'pending'>): string => (b.pending ? PENDING_TITLE : `${b.what} booked`);

/** What happens next, in a sentence. */
export function nextStep(b: Pick<ConfirmedBooking, 'kind' | 'what' | 'pending'>): string {
  if (b.pending) {
    return `${b.what} is restricted: its approvers have your request, and the time is held for you until they answer. `
      + 'You will get an e-mail when it is approved or rejected.';
  }
  return b.kind === 'desk' ? 'The desk now shows as booked by you.' : 'The room is yours for this time.';
}

/** The .ics download of one of my bookings (server: myBookings/bookingCalendarFile.routes.ts). */
export const calendarFilePath = (bookingId: number): string => `/api/bookings/my/${bookingId}.ics`;

export const MY_BOOKINGS_PATH = '/menu/mybookings';

/** 'Floor 1: Main plan, London HQ' from the parts that are known (any may be missing while loading). */
export const placeWords = (...parts: (string | null | undefined)[]): string => parts.filter((p) => p && p.trim()).join(', ');
