import { describe, expect, it } from 'vitest';
import type { Booking } from '../../../domain/wire/bookings.js';
import type { DeskCheckInState } from '../../../domain/wire/deskCheckIn.js';
import { deskCheckInAction, mayNeedCheckIn } from './deskCheckInAction.js';

const START = new Date('2030-01-07T09:00:00Z');
const at = (min: number) => new Date(START.getTime() + min * 60_000);
const booking = (o: Partial<Booking> = {}): Booking => ({
  Id: 7, Start: START.toISOString(), Finish: at(120).toISOString(), DeskId: 'A-3', DeskName: 'A-3',
  RoomId: null, RoomName: null, RoomType: null, SiteName: 'London HQ', SiteId: 1, LocationId: 1, FloorplanId: 4, LayoutId: 2,
  PostCode: '', Description: '', OnBehalfOfEmail: '', BookedByUserId: 1, BookedByUserName: 'Olive', IncludeParking: false,
  Status: 1, CancellationReason: '', CancelledByAdmin: false, CancelledByUserName: null, CheckedInByUserId: null, CheckedInByUserName: null,
  ...o,
});
const state = (o: Partial<DeskCheckInState> = {}, mine: Partial<NonNullable<DeskCheckInState['YourBooking']>> = {}): DeskCheckInState => ({
  Desk: { FloorplanId: 4, DeskId: 'A-3', Name: 'A-3', FloorplanName: 'Floor 1', SiteName: 'London HQ', LocationName: 'HQ', TimeZone: 'Europe/London' },
  CheckInRequired: true, BeforeMinutes: 15, AfterMinutes: 30,
  YourBooking: { Id: 7, Start: START.toISOString(), Finish: at(120).toISOString(), CheckedIn: false, CheckedInAt: null,
    CheckInOpens: at(-15).toISOString(), CheckInCloses: at(30).toISOString(), Window: 'open', ...mine },
  YourDeskElsewhere: null, TakenNow: false, TakenBy: null, BookNow: null, Now: START.toISOString(), ...o,
});

describe('which My Bookings cards ask about desk check-in', () => {
  it('asks for an approved desk booking not checked in, from 24 hours before its start until it ends', () => {
    expect(mayNeedCheckIn(booking(), at(-24 * 60))).toBe(true);
    expect(mayNeedCheckIn(booking(), at(-24 * 60 - 1))).toBe(false);
    expect(mayNeedCheckIn(booking(), at(119))).toBe(true);
    expect(mayNeedCheckIn(booking(), at(120))).toBe(false);
  });
  it('does not ask for rooms, pending or cancelled bookings, or ones already checked in', () => {
    expect(mayNeedCheckIn(booking({ RoomId: 3, DeskId: null, FloorplanId: null }), START)).toBe(false);
    expect(mayNeedCheckIn(booking({ Status: 0 }), START)).toBe(false);
    expect(mayNeedCheckIn(booking({ Status: 3 }), START)).toBe(false);
    expect(mayNeedCheckIn(booking({ CheckedInByUserId: 1, CheckedInByUserName: 'Olive' }), START)).toBe(false);
  });
});

describe('what the check-in action offers', () => {
  it('says when the window opens before it, offers the button inside it (both ends), nothing after', () => {
    expect(deskCheckInAction(state(), 7, at(-16))).toEqual({ kind: 'early', opens: at(-15).toISOString() });
    expect(deskCheckInAction(state(), 7, at(-15))).toEqual({ kind: 'open' });
    expect(deskCheckInAction(state(), 7, at(30))).toEqual({ kind: 'open' });
    expect(deskCheckInAction(state(), 7, new Date(at(30).getTime() + 1))).toEqual({ kind: 'none' });
  });
  it('offers nothing where no check-in is needed, or when the answer is about another booking', () => {
    expect(deskCheckInAction(state({ CheckInRequired: false }), 7, START)).toEqual({ kind: 'none' });
    expect(deskCheckInAction(state({}, { Id: 8 }), 7, START)).toEqual({ kind: 'none' });
    expect(deskCheckInAction(state({ YourBooking: null }), null, START)).toEqual({ kind: 'none' });
  });
  it('says checked in once done; on the map (no booking id) it is about whatever booking is mine there', () => {
    expect(deskCheckInAction(state({}, { CheckedIn: true }), 7, START)).toEqual({ kind: 'checkedIn' });
    expect(deskCheckInAction(state({}, { Id: 9 }), null, START)).toEqual({ kind: 'open' });
  });
  it('on the map, only when the booking overlaps the times shown (the map may show another day)', () => {
    const day = (d: number) => ({ start: new Date(START.getTime() + d * 86_400_000 - 9 * 3_600_000).toISOString(), end: new Date(START.getTime() + d * 86_400_000 + 15 * 3_600_000).toISOString() });
    expect(deskCheckInAction(state(), null, START, day(0))).toEqual({ kind: 'open' });
    expect(deskCheckInAction(state(), null, START, day(7))).toEqual({ kind: 'none' });
    expect(deskCheckInAction(state(), null, START, { start: at(120).toISOString(), end: at(180).toISOString() })).toEqual({ kind: 'none' });
    expect(deskCheckInAction(state(), null, START, null)).toEqual({ kind: 'open' });
  });
});
