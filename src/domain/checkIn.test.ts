import { describe, expect, it } from 'vitest';
import { BOOKING_STATUS, type BookingStatus } from './bookingStatus.js';
import { canCheckIn, checkInWindow, isInCheckInWindow, resolveRoomCheckIns, shouldAutoCancel } from './checkIn.js';

const start = new Date('2025-03-10T10:00:00Z');
const at = (offsetMs: number) => new Date(start.getTime() + offsetMs);
const MIN = 60_000;

describe('checkInWindow', () => {
  it('opens 15 minutes before and closes 15 minutes after the start', () => {
    expect(checkInWindow(start)).toEqual({
      opens: new Date('2025-03-10T09:45:00Z'),
      closes: new Date('2025-03-10T10:15:00Z'),
    });
  });
  it('is closed at both ends', () => {
    expect(isInCheckInWindow(start, at(-15 * MIN))).toBe(true);
    expect(isInCheckInWindow(start, at(-15 * MIN - 1))).toBe(false);
    expect(isInCheckInWindow(start, at(15 * MIN))).toBe(true);
    expect(isInCheckInWindow(start, at(15 * MIN + 1))).toBe(false);
    expect(isInCheckInWindow(start, start)).toBe(true);
  });
});

describe('canCheckIn', () => {
  const approved = { status: BOOKING_STATUS.Approved as BookingStatus, start, checkedIn: false };
  it('Approved, not checked in, inside the window', () => {
    expect(canCheckIn(approved, at(-15 * MIN))).toBe(true);
    expect(canCheckIn(approved, at(15 * MIN))).toBe(true);
  });
  it('not outside the window (1 ms either side)', () => {
    expect(canCheckIn(approved, at(-15 * MIN - 1))).toBe(false);
    expect(canCheckIn(approved, at(15 * MIN + 1))).toBe(false);
  });
  it('only Approved bookings', () => {
    for (const status of [
      BOOKING_STATUS.Pending,
      BOOKING_STATUS.Rejected,
      BOOKING_STATUS.Cancelled,
      BOOKING_STATUS.AutoCancel,
    ]) {
      expect(canCheckIn({ ...approved, status }, start)).toBe(false);
    }
  });
  it('not twice', () => {
    expect(canCheckIn({ ...approved, checkedIn: true }, start)).toBe(false);
  });
});

describe('shouldAutoCancel', () => {
  const b = {
    status: BOOKING_STATUS.Approved as BookingStatus,
    start,
    checkedIn: false,
    checkInsEnabled: true,
  };
  it('not at exactly start + 15 minutes (still check-in time), yes 1 ms later', () => {
    expect(shouldAutoCancel(b, at(15 * MIN))).toBe(false);
    expect(shouldAutoCancel(b, at(15 * MIN + 1))).toBe(true);
  });
  it('never while check-in is possible, and always once it is not (Approved, unchecked)', () => {
    for (const offset of [-15 * MIN, 0, 15 * MIN, 15 * MIN + 1, 60 * MIN]) {
      const now = at(offset);
      expect(shouldAutoCancel(b, now)).toBe(!canCheckIn(b, now));
    }
  });
  it('not when checked in, check-ins disabled, or not Approved', () => {
    const late = at(60 * MIN);
    expect(shouldAutoCancel({ ...b, checkedIn: true }, late)).toBe(false);
    expect(shouldAutoCancel({ ...b, checkInsEnabled: false }, late)).toBe(false);
    expect(shouldAutoCancel({ ...b, status: BOOKING_STATUS.Pending }, late)).toBe(false);
    expect(shouldAutoCancel({ ...b, status: BOOKING_STATUS.Cancelled }, late)).toBe(false);
    expect(shouldAutoCancel({ ...b, status: BOOKING_STATUS.AutoCancel }, late)).toBe(false);
  });
  it('not before the start', () => {
    expect(shouldAutoCancel(b, at(-MIN))).toBe(false);
  });
});

describe('resolveRoomCheckIns', () => {
  it('room value wins, false included', () => {
    expect(resolveRoomCheckIns(false, true, true)).toBe(false);
    expect(resolveRoomCheckIns(true, false, false)).toBe(true);
  });
  it('null/undefined inherit from location, then site', () => {
    expect(resolveRoomCheckIns(null, true, false)).toBe(true);
    expect(resolveRoomCheckIns(undefined, false, true)).toBe(false);
    expect(resolveRoomCheckIns(null, null, true)).toBe(true);
    expect(resolveRoomCheckIns(undefined, undefined, false)).toBe(false);
  });
  it('nothing set anywhere means off', () => {
    expect(resolveRoomCheckIns(null, undefined, null)).toBe(false);
  });
});
