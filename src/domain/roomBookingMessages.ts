/**
 * Messages the server and the screens share (SPEC 5 and 8). Free of zod so that the booking form
 * does not pull the schema library into the room page's first load (issue 19, point 7).
 */
export const ROOM_BOOKING_MESSAGES = {
  descriptionRequired: 'Please provide a meeting name or reason for booking.',
  invalidEmail: 'Please enter a valid email',
  reasonRequired: 'Please provide a reason for rejecting this booking.',
  notPending: 'This booking is no longer pending approval.',
} as const;
