import { z } from 'zod';

/**
 * A room's booking address (issue 23, book a room by inviting it): GET/PUT /api/rooms/{id}/bookingAddress,
 * admins only. Address is the one an admin set (null: none); Derived the one INBOUND_ROOM_ADDRESS_PATTERN
 * gives the room (null without a pattern); Effective the one the room answers to.
 */
export const RoomBookingAddress = z.object({
  Address: z.string().nullable(),
  Derived: z.string().nullable(),
  Effective: z.string().nullable(),
  /** The inbound listener is configured (INBOUND_SMTP_PORT): otherwise no address receives anything. */
  ListenerOn: z.boolean(),
});
export type RoomBookingAddress = z.infer<typeof RoomBookingAddress>;

export const BOOKING_ADDRESS_MESSAGES = {
  invalid: 'Enter an e-mail address such as room-severn@book.example.org.',
  taken: 'Another room already has this booking address.',
} as const;

/** null or '' clears the address (the pattern's then applies). */
export const RoomBookingAddressInput = z.object({
  Address: z.string().trim().max(320, 'must be at most 320 characters')
    .refine((v) => v === '' || /^[^\s@<>()",;:]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i.test(v), BOOKING_ADDRESS_MESSAGES.invalid)
    .nullable(),
});
export type RoomBookingAddressInput = z.input<typeof RoomBookingAddressInput>;
