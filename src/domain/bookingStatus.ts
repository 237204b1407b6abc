/** Booking statuses and their numbers (SPEC section 3). Defined once; SQL, zod and the screens derive from it. */
export const BOOKING_STATUS = {
  Pending: 0,
  Approved: 1,
  Rejected: 2,
  Cancelled: 3,
  AutoCancel: 4,
} as const;

export type BookingStatusName = keyof typeof BOOKING_STATUS;
export type BookingStatus = (typeof BOOKING_STATUS)[BookingStatusName];

/** Statuses that hold a slot: the exclusion constraints cover exactly these. */
export const ACTIVE_STATUSES: readonly BookingStatus[] = [BOOKING_STATUS.Pending, BOOKING_STATUS.Approved];

const STATUS_WORDS: Record<BookingStatus, string> = {
  0: 'Pending',
  1: 'Approved',
  2: 'Rejected',
  3: 'Cancelled',
  4: 'Auto-Cancelled, No Check-In',
};

export const bookingStatusInWords = (status: BookingStatus): string => STATUS_WORDS[status];
export const isBookingStatus = (n: number): n is BookingStatus => n in STATUS_WORDS;
