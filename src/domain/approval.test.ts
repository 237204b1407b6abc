import { describe, expect, it } from 'vitest';
import {
  canCancelBooking,
  canDecide,
  cancellationNeedsReason,
  hasReason,
  isCancellable,
  roomBookingInitialStatus,
} from './approval.js';
import { BOOKING_STATUS } from './bookingStatus.js';

describe('roomBookingInitialStatus', () => {
  it('restricted room, ordinary user: Pending request', () => {
    expect(roomBookingInitialStatus({ roomRestricted: true, isRoomAdmin: false, isAdmin: false })).toBe(
      BOOKING_STATUS.Pending,
    );
  });
  it('restricted room, its room admin or a system Admin: Approved directly', () => {
    expect(roomBookingInitialStatus({ roomRestricted: true, isRoomAdmin: true, isAdmin: false })).toBe(
      BOOKING_STATUS.Approved,
    );
    expect(roomBookingInitialStatus({ roomRestricted: true, isRoomAdmin: false, isAdmin: true })).toBe(
      BOOKING_STATUS.Approved,
    );
  });
  it('unrestricted room: Approved for everyone', () => {
    expect(roomBookingInitialStatus({ roomRestricted: false, isRoomAdmin: false, isAdmin: false })).toBe(
      BOOKING_STATUS.Approved,
    );
  });
});

describe('canDecide', () => {
  it('room admin or Admin on a Pending request', () => {
    expect(canDecide({ isRoomAdmin: true, isAdmin: false, status: BOOKING_STATUS.Pending })).toBe(true);
    expect(canDecide({ isRoomAdmin: false, isAdmin: true, status: BOOKING_STATUS.Pending })).toBe(true);
  });
  it('nobody else', () => {
    expect(canDecide({ isRoomAdmin: false, isAdmin: false, status: BOOKING_STATUS.Pending })).toBe(false);
  });
  it('never on a decided or cancelled booking', () => {
    for (const status of [
      BOOKING_STATUS.Approved,
      BOOKING_STATUS.Rejected,
      BOOKING_STATUS.Cancelled,
      BOOKING_STATUS.AutoCancel,
    ]) {
      expect(canDecide({ isRoomAdmin: true, isAdmin: true, status })).toBe(false);
    }
  });
});

describe('isCancellable', () => {
  it('Pending and Approved only', () => {
    expect(isCancellable(BOOKING_STATUS.Pending)).toBe(true);
    expect(isCancellable(BOOKING_STATUS.Approved)).toBe(true);
    expect(isCancellable(BOOKING_STATUS.Rejected)).toBe(false);
    expect(isCancellable(BOOKING_STATUS.Cancelled)).toBe(false);
    expect(isCancellable(BOOKING_STATUS.AutoCancel)).toBe(false);
  });
});

describe('canCancelBooking', () => {
  const nobody = { userId: 2, email: 'pat@example.org', isAdmin: false, isRoomAdminOfRoom: false, isBookingManager: false };
  const roomBooking = { bookedByUserId: 1, onBehalfOfEmail: 'Sam.Jones@Example.org', isDesk: false };
  const deskBooking = { ...roomBooking, isDesk: true };

  it('the owner cancels as themselves', () => {
    expect(canCancelBooking({ caller: { ...nobody, userId: 1 }, booking: roomBooking })).toEqual({ ok: true, asAdmin: false });
  });
  it('the on-behalf person cancels as themselves, e-mail compared case-insensitively and trimmed', () => {
    expect(canCancelBooking({ caller: { ...nobody, email: 'sam.jones@example.org' }, booking: roomBooking })).toEqual({
      ok: true,
      asAdmin: false,
    });
    expect(canCancelBooking({ caller: { ...nobody, email: ' SAM.JONES@EXAMPLE.ORG ' }, booking: deskBooking }).ok).toBe(
      true,
    );
  });
  it('an owner who is also Admin is not an admin cancellation', () => {
    expect(canCancelBooking({ caller: { ...nobody, userId: 1, isAdmin: true }, booking: roomBooking })).toEqual({
      ok: true,
      asAdmin: false,
    });
  });
  it('empty e-mails never match each other', () => {
    const b = { ...roomBooking, onBehalfOfEmail: '' };
    expect(canCancelBooking({ caller: { ...nobody, email: '' }, booking: b }).ok).toBe(false);
    expect(canCancelBooking({ caller: { ...nobody, email: null }, booking: { ...b, onBehalfOfEmail: null } }).ok).toBe(false);
    expect(canCancelBooking({ caller: { ...nobody, email: undefined }, booking: { ...b, onBehalfOfEmail: undefined } }).ok).toBe(
      false,
    );
  });
  it('Admin cancels anyone’s room or desk booking as admin', () => {
    const admin = { ...nobody, isAdmin: true };
    expect(canCancelBooking({ caller: admin, booking: roomBooking })).toEqual({ ok: true, asAdmin: true });
    expect(canCancelBooking({ caller: admin, booking: deskBooking })).toEqual({ ok: true, asAdmin: true });
  });
  it('room admin of the room: room bookings only', () => {
    const ra = { ...nobody, isRoomAdminOfRoom: true };
    expect(canCancelBooking({ caller: ra, booking: roomBooking })).toEqual({ ok: true, asAdmin: true });
    expect(canCancelBooking({ caller: ra, booking: deskBooking })).toEqual({ ok: false, asAdmin: false });
  });
  it('Booking Manager: desk bookings only', () => {
    const bm = { ...nobody, isBookingManager: true };
    expect(canCancelBooking({ caller: bm, booking: deskBooking })).toEqual({ ok: true, asAdmin: true });
    expect(canCancelBooking({ caller: bm, booking: roomBooking })).toEqual({ ok: false, asAdmin: false });
  });
  it('anyone else: no', () => {
    expect(canCancelBooking({ caller: nobody, booking: roomBooking })).toEqual({ ok: false, asAdmin: false });
  });
});

describe('cancellation reason', () => {
  it('needed only as admin', () => {
    expect(cancellationNeedsReason(true)).toBe(true);
    expect(cancellationNeedsReason(false)).toBe(false);
  });
  it('a reason must have non-space text', () => {
    expect(hasReason('Room closed')).toBe(true);
    expect(hasReason('')).toBe(false);
    expect(hasReason('   ')).toBe(false);
    expect(hasReason(null)).toBe(false);
    expect(hasReason(undefined)).toBe(false);
  });
});
