import type { RoleName } from './roles.js';

/**
 * Who is asking, as far as the permission rules of SPEC section 6 care. The two flags follow from
 * access lists (room admin of a room or location; resource admin of a site), never set by hand.
 */
export interface Caller {
  roles: readonly RoleName[];
  roomApprover: boolean;
  siteLvlAdmin: boolean;
}

export const hasRole = (c: Caller, role: RoleName): boolean => c.roles.includes(role);
export const isAdmin = (c: Caller): boolean => hasRole(c, 'Admin');
/** Booking Manager or Admin: manage desk bookings (search and cancel). */
export const canManageDeskBookings = (c: Caller): boolean => isAdmin(c) || hasRole(c, 'Booking Manager');
/** Reporting or Admin: run reports and export them. */
export const canRunReports = (c: Caller): boolean => isAdmin(c) || hasRole(c, 'Reporting');
/** Room approvers approve requests and update details of the rooms they approve. */
export const canApproveRequests = (c: Caller): boolean => c.roomApprover || isAdmin(c);
export const canUpdateRoomDetails = (c: Caller): boolean => c.roomApprover;
/** SPEC 2.2: Settings is disabled unless the user is a room approver or has roles. */
export const canOpenSettings = (c: Caller): boolean => c.roomApprover || c.roles.length > 0;

export interface MenuSettings {
  MaintenanceMode: boolean;
  RoomBookingEnabled: boolean;
  DeskBookingEnabled: boolean;
  HasStandardRooms: boolean;
  HasClinicalRooms: boolean;
}

export const MENU_TILES = [
  'myBookings', 'bookDesk', 'whosIn', 'bookMeetingRoom', 'bookClinicalRoom', 'approveRequests', 'receptionView', 'myProfile', 'settings',
] as const;
export type MenuTileId = (typeof MENU_TILES)[number];
export interface MenuTile { id: MenuTileId; disabled: boolean }

/**
 * Home menu tiles (SPEC 2.2), in menu order. Hidden tiles are left out; disabled ones stay visible.
 * Room booking tiles also respect maintenance mode: the seed disables desk booking only, but
 * maintenance means nobody should be creating bookings, so we disable both (docs/decisions.md).
 */
export function menuTiles(c: Caller, s: MenuSettings, pendingApprovals: number): MenuTile[] {
  const tiles: MenuTile[] = [{ id: 'myBookings', disabled: false }];
  if (s.DeskBookingEnabled) tiles.push({ id: 'bookDesk', disabled: s.MaintenanceMode });
  if (s.DeskBookingEnabled) tiles.push({ id: 'whosIn', disabled: false }); // who sits where (issue 20); reading stays open in maintenance
  if (s.RoomBookingEnabled && s.HasStandardRooms) tiles.push({ id: 'bookMeetingRoom', disabled: s.MaintenanceMode });
  if (s.RoomBookingEnabled && s.HasClinicalRooms) tiles.push({ id: 'bookClinicalRoom', disabled: s.MaintenanceMode });
  if (c.roomApprover && pendingApprovals > 0) tiles.push({ id: 'approveRequests', disabled: false });
  if (c.siteLvlAdmin && s.RoomBookingEnabled) tiles.push({ id: 'receptionView', disabled: false });
  tiles.push({ id: 'myProfile', disabled: false });
  tiles.push({ id: 'settings', disabled: !canOpenSettings(c) });
  return tiles;
}

export const SETTINGS_BUTTONS = ['configureSites', 'userManagement', 'globalSettings', 'closures', 'updateRoomDetails', 'manageDeskBookings', 'reporting', 'insights', 'auditLog'] as const;
export type SettingsButtonId = (typeof SETTINGS_BUTTONS)[number];

/** Settings panel buttons (SPEC 2.3) the caller may use, in panel order. */
export function settingsButtons(c: Caller): SettingsButtonId[] {
  const rules: Record<SettingsButtonId, boolean> = {
    configureSites: isAdmin(c),
    userManagement: isAdmin(c),
    globalSettings: isAdmin(c),
    closures: isAdmin(c),
    updateRoomDetails: canUpdateRoomDetails(c),
    manageDeskBookings: canManageDeskBookings(c),
    reporting: canRunReports(c),
    insights: canRunReports(c),
    auditLog: isAdmin(c),
  };
  return SETTINGS_BUTTONS.filter((id) => rules[id]);
}

/**
 * Route access levels. Every API route declares one; resource-specific checks (room admin of *this*
 * room, owner of *this* booking) are made by the service once the resource is loaded.
 */
export const ACCESS_LEVELS = ['anonymous', 'signedIn', 'admin', 'bookingManager', 'reporting', 'roomApprover', 'siteLvlAdmin'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export function callerMeets(level: AccessLevel, c: Caller | undefined): boolean {
  if (level === 'anonymous') return true;
  if (!c) return false;
  switch (level) {
    case 'signedIn': return true;
    case 'admin': return isAdmin(c);
    case 'bookingManager': return canManageDeskBookings(c);
    case 'reporting': return canRunReports(c);
    case 'roomApprover': return canApproveRequests(c);
    case 'siteLvlAdmin': return c.siteLvlAdmin || isAdmin(c);
  }
}
