import { describe, expect, it } from 'vitest';
import { callerMeets, canOpenSettings, menuTiles, settingsButtons, type Caller, type MenuSettings } from './permissions.js';

const staff: Caller = { roles: [], roomApprover: false, siteLvlAdmin: false };
const admin: Caller = { ...staff, roles: ['Admin'] };
const approver: Caller = { ...staff, roomApprover: true };
const siteAdmin: Caller = { ...staff, siteLvlAdmin: true };
const manager: Caller = { ...staff, roles: ['Booking Manager'] };
const reporting: Caller = { ...staff, roles: ['Reporting'] };
const notRestricted: Caller = { ...staff, roles: ['Not Restricted'] };
const allOn: MenuSettings = { MaintenanceMode: false, RoomBookingEnabled: true, DeskBookingEnabled: true, HasStandardRooms: true, HasClinicalRooms: true };
const ids = (c: Caller, s: MenuSettings = allOn, pending = 0) => menuTiles(c, s, pending).map((t) => t.id);
const tile = (c: Caller, s: MenuSettings, id: string) => menuTiles(c, s, 0).find((t) => t.id === id);

describe('home menu tiles (SPEC 2.2)', () => {
  it('plain staff see bookings, booking tiles, profile and a disabled Settings', () => {
    expect(ids(staff)).toEqual(['myBookings', 'bookDesk', 'whosIn', 'bookMeetingRoom', 'bookClinicalRoom', 'myProfile', 'settings']);
    expect(tile(staff, allOn, 'settings')?.disabled).toBe(true);
  });
  it('Book a Desk is hidden when desk booking is off and disabled in maintenance mode', () => {
    expect(ids(staff, { ...allOn, DeskBookingEnabled: false })).not.toContain('bookDesk');
    expect(tile(staff, { ...allOn, MaintenanceMode: true }, 'bookDesk')?.disabled).toBe(true);
    expect(tile(staff, allOn, 'bookDesk')?.disabled).toBe(false);
  });
  it('meeting rooms need room booking on and standard rooms; clinical rooms need clinical rooms', () => {
    expect(ids(staff, { ...allOn, HasStandardRooms: false })).not.toContain('bookMeetingRoom');
    expect(ids(staff, { ...allOn, RoomBookingEnabled: false })).not.toContain('bookMeetingRoom');
    expect(ids(staff, { ...allOn, HasClinicalRooms: false })).not.toContain('bookClinicalRoom');
  });
  it('Approve Requests shows for room approvers only when the pending count is above 0', () => {
    expect(ids(approver, allOn, 0)).not.toContain('approveRequests');
    expect(ids(approver, allOn, 1)).toContain('approveRequests');
    expect(ids(staff, allOn, 5)).not.toContain('approveRequests');
    expect(ids(admin, allOn, 5)).not.toContain('approveRequests');
  });
  it('Reception View shows for site-level admins when room booking is enabled', () => {
    expect(ids(siteAdmin)).toContain('receptionView');
    expect(ids(siteAdmin, { ...allOn, RoomBookingEnabled: false })).not.toContain('receptionView');
    expect(ids(admin)).not.toContain('receptionView');
  });
  it('Settings is enabled for approvers and for anyone with a role', () => {
    for (const c of [admin, approver, manager, reporting, notRestricted]) expect(canOpenSettings(c)).toBe(true);
    expect(canOpenSettings(siteAdmin)).toBe(false);
  });
});

describe('settings panel buttons (SPEC 2.3)', () => {
  it('gives each kind of user exactly their buttons', () => {
    expect(settingsButtons(admin)).toEqual(['configureSites', 'userManagement', 'globalSettings', 'closures', 'manageDeskBookings', 'reporting', 'insights', 'auditLog']);
    expect(settingsButtons(approver)).toEqual(['updateRoomDetails']);
    expect(settingsButtons(manager)).toEqual(['manageDeskBookings']);
    expect(settingsButtons(reporting)).toEqual(['reporting', 'insights']);
    expect(settingsButtons(notRestricted)).toEqual([]);
    expect(settingsButtons({ ...admin, roomApprover: true })).toContain('updateRoomDetails');
  });
});

describe('route access levels', () => {
  it('anonymous routes admit everyone, others need a caller', () => {
    expect(callerMeets('anonymous', undefined)).toBe(true);
    expect(callerMeets('signedIn', undefined)).toBe(false);
    expect(callerMeets('signedIn', staff)).toBe(true);
  });
  it('role levels admit the role and Admin only', () => {
    expect(callerMeets('admin', admin)).toBe(true);
    expect(callerMeets('admin', manager)).toBe(false);
    expect(callerMeets('bookingManager', manager)).toBe(true);
    expect(callerMeets('bookingManager', admin)).toBe(true);
    expect(callerMeets('bookingManager', reporting)).toBe(false);
    expect(callerMeets('reporting', reporting)).toBe(true);
    expect(callerMeets('reporting', manager)).toBe(false);
    expect(callerMeets('roomApprover', approver)).toBe(true);
    expect(callerMeets('roomApprover', staff)).toBe(false);
    expect(callerMeets('siteLvlAdmin', siteAdmin)).toBe(true);
    expect(callerMeets('siteLvlAdmin', staff)).toBe(false);
  });
});
