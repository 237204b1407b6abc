import { describe, expect, it } from 'vitest';
import { cancelModeFor, type Viewer } from './cancelMode.js';

const NOW = new Date('2030-04-10T08:00:00Z');
const booking = (o: Partial<{ Status: number; Finish: string; BookedByUserId: number; OnBehalfOfEmail: string; RoomId: number | null }> = {}) => ({
  Status: 1, Finish: '2030-04-10T10:00:00Z', BookedByUserId: 7, OnBehalfOfEmail: '', RoomId: 3, ...o,
});
const viewer = (o: Partial<Viewer> = {}): Viewer => ({ userId: 1, email: 'me@example.org', isAdmin: false, isRoomAdminOfRoom: false, ...o });

describe('cancelModeFor', () => {
  it('offers the owner and the on-behalf person (any case) their own cancellation', () => {
    expect(cancelModeFor(booking({ BookedByUserId: 1 }), viewer(), NOW)).toBe('own');
    expect(cancelModeFor(booking({ OnBehalfOfEmail: 'ME@Example.org' }), viewer(), NOW)).toBe('own');
    // Owner wins over admin: no reason needed for one's own booking.
    expect(cancelModeFor(booking({ BookedByUserId: 1 }), viewer({ isAdmin: true, isRoomAdminOfRoom: true }), NOW)).toBe('own');
  });
  it("offers admins and the room's admins someone else's booking, with a reason", () => {
    expect(cancelModeFor(booking(), viewer({ isAdmin: true }), NOW)).toBe('admin');
    expect(cancelModeFor(booking(), viewer({ isRoomAdminOfRoom: true }), NOW)).toBe('admin');
    expect(cancelModeFor(booking({ Status: 0 }), viewer({ isRoomAdminOfRoom: true }), NOW)).toBe('admin');
  });
  it('offers nothing to anyone else, nor for closed or finished bookings', () => {
    expect(cancelModeFor(booking(), viewer(), NOW)).toBeNull();
    expect(cancelModeFor(booking({ RoomId: null }), viewer({ isRoomAdminOfRoom: true }), NOW)).toBeNull();
    for (const Status of [2, 3, 4]) expect(cancelModeFor(booking({ Status }), viewer({ isAdmin: true }), NOW)).toBeNull();
    expect(cancelModeFor(booking({ Finish: '2030-04-10T08:00:00Z' }), viewer({ isAdmin: true }), NOW)).toBeNull();
  });
});
