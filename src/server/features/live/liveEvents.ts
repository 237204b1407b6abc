import type { LiveBookingEvent } from '../../../domain/wire/live.js';

/**
 * What the database announces on 'hotdesk_live' (migration 0025) and what each receiver is sent.
 * The announcement names the booker (`o`) and the holder key (`h`, an e-mail); neither is forwarded:
 * they only decide `Mine` for the receiver.
 */
export const LIVE_CHANNEL = 'hotdesk_live';

export interface BookingNotice {
  b: number; k: 'desk' | 'room'; s: number; l: number; f: number | null; r: number | null; d: string | null;
  a: number; z: number; st: number; ps: number | null; ci: boolean; o: number; h: string;
}

/** One event as this instance numbered it: `seq` is its place in this instance's ring. */
export interface RingEvent { seq: number; at: number; notice: BookingNotice }

const isInt = (v: unknown): v is number => Number.isSafeInteger(v);
const isIntOrNull = (v: unknown): v is number | null => v === null || isInt(v);

/** The notice in a NOTIFY payload, or undefined when it is not one of ours (it is then ignored). */
export function parseNotice(payload: string | undefined): BookingNotice | undefined {
  if (!payload) return undefined;
  let v: Record<string, unknown>;
  try { v = JSON.parse(payload) as Record<string, unknown>; } catch { return undefined; }
  if (typeof v !== 'object' || v === null) return undefined;
  if (!isInt(v.b) || (v.k !== 'desk' && v.k !== 'room') || !isInt(v.s) || !isInt(v.l) || !isIntOrNull(v.f) || !isIntOrNull(v.r)
    || !(v.d === null || typeof v.d === 'string') || !isInt(v.a) || !isInt(v.z) || !isInt(v.st) || !isIntOrNull(v.ps ?? null)
    || typeof v.ci !== 'boolean' || !isInt(v.o) || typeof v.h !== 'string') return undefined;
  return { ...(v as unknown as BookingNotice), ps: (v.ps as number | null | undefined) ?? null };
}

/** Who is receiving: what decides which events they get. */
export interface Receiver {
  userId: number;
  /** Lower-cased e-mail: bookings held for them (on-behalf-of) are theirs too. */
  holderKey: string;
  approver: boolean;
  /** Every location is visible (Admins and others who bypass place restrictions). */
  allPlaces: boolean;
  /** Locations where they may book rooms or desks, i.e. whose screens they can open. */
  locationIds: ReadonlySet<number>;
}

/** The booking event for this receiver, or undefined when they may not see it. */
export function bookingEventFor(n: BookingNotice, who: Receiver): LiveBookingEvent | undefined {
  const mine = n.o === who.userId || n.h === who.holderKey;
  if (!mine && !who.allPlaces && !who.locationIds.has(n.l)) return undefined;
  return {
    BookingId: n.b, Kind: n.k, SiteId: n.s, LocationId: n.l, FloorplanId: n.f, RoomId: n.r, DeskId: n.d,
    Start: new Date(n.a * 1000).toISOString(), Finish: new Date(n.z * 1000).toISOString(), Status: n.st, CheckedIn: n.ci, Mine: mine,
  };
}

const PENDING = 0;
/** A room request became pending or stopped being so: the pending count of approvers may have changed. */
export const touchesApprovals = (n: BookingNotice): boolean => n.k === 'room' && (n.st === PENDING || n.ps === PENDING) && n.st !== n.ps;
