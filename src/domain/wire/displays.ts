import { z } from 'zod';
import { Id } from './common.js';

/**
 * Room door displays (issue 24): a tablet paired with one room shows its state and offers Book now,
 * Check in and End now. What a display reads is what the door shows to anyone walking past: times,
 * status and check-in state; a meeting's title only where the room shows titles publicly; never a
 * name or an e-mail.
 */

/** Readable on a tablet across a corridor: no 0/O, 1/I/L, 2/Z, 5/S, 6/G, 8/B. */
export const PAIRING_ALPHABET = 'ACDEFHJKMNPQRTUVWXY3479';
export const PAIRING_CODE_LENGTH = 8;
/** Minutes a pairing code waits for an admin. */
export const PAIRING_MINUTES = 10;

export const PairingCode = z.object({ Code: z.string(), ExpiresAt: z.string() });
export type PairingCode = z.infer<typeof PairingCode>;

/** Spaces and dashes typed by the admin are ignored, case too. */
export const PairingCodeInput = z.object({
  Code: z.string().max(40).transform((s) => s.replace(/[\s-]/g, '').toUpperCase())
    .refine((s) => s.length === PAIRING_CODE_LENGTH && [...s].every((c) => PAIRING_ALPHABET.includes(c)),
      `Enter the ${PAIRING_CODE_LENGTH}-character code shown on the display.`),
});

export const PairingStatus = z.object({ Status: z.enum(['waiting', 'paired', 'expired']) });
export type PairingStatus = z.infer<typeof PairingStatus>;

/** A paired display as the room's admins see it. */
export const DisplayInfo = z.object({
  Id: z.number().int(),
  PairedAt: z.string(),
  PairedBy: z.string(),
  LastSeenAt: z.string().nullable(),
  /** The tablet has collected its token (false for a moment after pairing). */
  Collected: z.boolean(),
});
export type DisplayInfo = z.infer<typeof DisplayInfo>;

export const RoomDisplayParams = z.object({ id: Id, displayId: Id });
export const DisplayRoomParam = z.object({ roomId: Id });

export const DoorMeeting = z.object({
  Id: z.number().int(),
  Start: z.string(),
  Finish: z.string(),
  /** '' where the room does not show titles (restricted or clinical rooms, or the room's setting). */
  Title: z.string(),
  /** BookingStatus: 0 Pending, 1 Approved. */
  Status: z.number().int(),
  CheckedIn: z.boolean(),
  CanCheckIn: z.boolean(),
  CheckInOpens: z.string(),
  CheckInCloses: z.string(),
  /** Booked with "Book now" at a door display. */
  ByDisplay: z.boolean(),
});
export type DoorMeeting = z.infer<typeof DoorMeeting>;

export const BOOK_NOW_MINUTES = [15, 30, 60] as const;

export const DoorState = z.object({
  Room: z.object({
    Id: z.number().int(), Name: z.string(), SiteName: z.string(), LocationName: z.string(), Capacity: z.number().int(),
    TimeZone: z.string(), CheckInsRequired: z.boolean(),
  }),
  Now: z.string(),
  /** A meeting holds the room now (Approved or Pending, between its start and finish). */
  Busy: z.boolean(),
  /** The reason when a closure covers the room now (its own, its floor's or its site's), else null: no Book now. */
  ClosedReason: z.string().nullable(),
  Current: DoorMeeting.nullable(),
  /** The rest of today on the site's clock, after the current meeting (at most 12). */
  Later: z.array(DoorMeeting),
  /** Book now: the choices of length (minutes) and the finish each would get (capped at the next meeting); [] when it cannot. */
  BookNow: z.array(z.object({ Minutes: z.number().int(), Finish: z.string() })),
  /** Why Book now is not offered while the room is free ('' when it is, or when the room is busy). */
  BookNowRefusal: z.string(),
  /** The current meeting may be ended now (it is under way and Approved). */
  CanEnd: z.boolean(),
  /** Auto-dim hours on the site's clock, 'HH:MM'. */
  DimFrom: z.string(),
  DimTo: z.string(),
});
export type DoorState = z.infer<typeof DoorState>;

export const BookNowInput = z.object({ Minutes: z.union([z.literal(15), z.literal(30), z.literal(60)]) });
export const DoorMeetingInput = z.object({ BookingId: Id });
export const DoorActionResult = z.object({ Message: z.string(), State: DoorState });
export type DoorActionResult = z.infer<typeof DoorActionResult>;
