import type { SettingsButtonId } from '../../../domain/permissions.js';

/** Label and target of each Settings panel button. Which ones show is decided by settingsButtons() in src/domain. */
export const SETTINGS_BUTTON_INFO: Record<SettingsButtonId, { label: string; to: string }> = {
  configureSites: { label: 'Configure Sites', to: '/menu/settings/sites' },
  userManagement: { label: 'User Management', to: '/menu/settings/usermanagement' },
  globalSettings: { label: 'Global Settings', to: '/menu/settings/global' },
  closures: { label: 'Closures', to: '/menu/settings/closures' },
  updateRoomDetails: { label: 'Update Room Details', to: '/menu/settings/updateroomdetails' },
  manageDeskBookings: { label: 'Manage Desk Bookings', to: '/menu/settings/manageBookings' },
  reporting: { label: 'Reporting', to: '/menu/settings/reporting' },
  insights: { label: 'Insights', to: '/menu/settings/insights' },
  auditLog: { label: 'Audit Log', to: '/menu/settings/auditlog' },
};

/** How each button reads inside a sentence, for the home menu's Settings tile. */
const SUMMARY_WORDS: Record<SettingsButtonId, string> = {
  configureSites: 'sites, floors and rooms',
  userManagement: 'people and roles',
  globalSettings: 'global settings',
  closures: 'closures',
  updateRoomDetails: 'room details',
  manageDeskBookings: 'desk bookings',
  reporting: 'reports',
  insights: 'insights',
  auditLog: 'the audit log',
};

/**
 * The Settings tile's description for this person: what their Settings panel holds (issue 20,
 * point 8), e.g. 'Desk bookings.' for a Booking Manager, never a list of screens they cannot open.
 */
export function settingsSummary(ids: readonly SettingsButtonId[]): string {
  const words = ids.map((id) => SUMMARY_WORDS[id]);
  if (words.length === 0) return 'Nothing to change for your account.';
  const text = words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]!}`;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}
