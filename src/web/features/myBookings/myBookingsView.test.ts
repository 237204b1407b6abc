import { describe, expect, it } from 'vitest';
import type { Booking } from '../../../domain/wire/bookings.js';
import { bookingTitle, isActive, showCheckInButton, statusLine } from './myBookingsView.js';

const START = new Date('2030-01-07T09:00:00Z');
const booking = (o: Partial<Booking> = {}): Booking => ({
  Id: 1, Start: START.toISOString(), Finish: new Date(START.getTime() + 3_600_000).toISOString(), DeskId: null, DeskName: null,
  RoomId: 3, RoomName: 'Thames', RoomType: 0, SiteName: 'London HQ', SiteId: 1, LocationId: 1, FloorplanId: null, LayoutId: null,
  PostCode: '', Description: 'Review', OnBehalfOfEmail: '', BookedByUserId: 1, BookedByUserName: 'Olive', IncludeParking: false,
  Status: 1, CancellationReason: '', CancelledByAdmin: false, CancelledByUserName: null, CheckedInByUserId: null, CheckedInByUserName: null,
  ...o,
});
const at = (min: number) => new Date(START.getTime() + min * 60_000);

describe('My Bookings view rules', () => {
  it('says the status in words, with reasons and who cancelled', () => {
    expect(statusLine(booking())).toBe('Approved');
    expect(statusLine(booking({ Status: 0 }))).toBe('Pending');
    expect(statusLine(booking({ Status: 2, CancellationReason: 'Room closed' }))).toBe('Rejected: Room closed');
    expect(statusLine(booking({ Status: 3, CancelledByUserName: 'Ada Admin', CancelledByAdmin: true, CancellationReason: 'VIP' })))
      .toBe('Cancelled by Ada Admin (admin): VIP');
    expect(statusLine(booking({ Status: 3, CancelledByUserName: 'Olive' }))).toBe('Cancelled by Olive');
    expect(statusLine(booking({ Status: 4 }))).toBe('Auto-Cancelled, No Check-In');
  });

  it('offers Check-in only for Approved room bookings from 15 minutes before to 15 minutes after the start', () => {
    expect(showCheckInButton(booking(), at(-15))).toBe(true);
    expect(showCheckInButton(booking(), at(15))).toBe(true);
    expect(showCheckInButton(booking(), new Date(at(-15).getTime() - 1))).toBe(false);
    expect(showCheckInButton(booking(), new Date(at(15).getTime() + 1))).toBe(false);
    expect(showCheckInButton(booking({ Status: 0 }), at(0))).toBe(false);
    expect(showCheckInButton(booking({ RoomId: null, DeskId: 'D1' }), at(0))).toBe(false);
    expect(showCheckInButton(booking({ CheckedInByUserName: 'v@example.org' }), at(0))).toBe(false);
  });

  it('titles and activity', () => {
    expect(bookingTitle(booking({ RoomId: null, DeskId: 'D7' }))).toBe('Desk D7');
    expect(bookingTitle(booking())).toBe('Thames');
    expect(bookingTitle(booking({ RoomId: null, DeskId: 'D5', DeskName: 'Desk 5' }))).toBe('Desk 5');
    expect(isActive(booking(), at(59))).toBe(true);
    expect(isActive(booking(), at(60))).toBe(false);
    expect(isActive(booking({ Status: 3 }), at(0))).toBe(false);
  });
});
