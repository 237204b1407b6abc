import type { SettingsButtonId } from '../../../domain/permissions.js';

/** Label and target of each Settings panel button. Which ones show is decided by settingsButtons() in src/domain. */
export const SETTINGS_BUTTON_INFO: Record<SettingsButtonId, { label: string; to: string }> = {
  configureSites: { label: 'Configure Sites', to: '/menu/settings/sites' },
  userManagement: { label: 'User Management', to: '/menu/settings/usermanagement' },
  globalSettings: { label: 'Global Settings', to: '/menu/settings/global' },
  updateRoomDetails: { label: 'Update Room Details', to: '/menu/settings/updateroomdetails' },
  manageDeskBookings: { label: 'Manage Desk Bookings', to: '/menu/settings/manageBookings' },
  reporting: { label: 'Reporting', to: '/menu/settings/reporting' },
};
