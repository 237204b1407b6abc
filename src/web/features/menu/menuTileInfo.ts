import type { MenuTileId } from '../../../domain/permissions.js';

/** What each home-menu tile says and where it goes. Which tiles show is decided by menuTiles() in src/domain. */
export const MENU_TILE_INFO: Record<MenuTileId, { label: string; to: string; description: string }> = {
  myBookings: { label: 'My Bookings', to: '/menu/mybookings', description: 'See, change and cancel your bookings.' },
  bookDesk: { label: 'Book a Desk', to: '/menu/book/desk', description: 'Pick a date, a site and a desk on the floorplan.' },
  whosIn: { label: "Who's in", to: '/menu/whosin', description: 'Which teammates are in on a day, and where they sit.' },
  bookMeetingRoom: { label: 'Book a Meeting Room', to: '/menu/book/meeting/room', description: 'Find a free meeting room.' },
  bookClinicalRoom: { label: 'Book a Clinical Room', to: '/menu/book/clinical/room', description: 'Find a free clinical room.' },
  approveRequests: { label: 'Approve Requests', to: '/menu/approvals', description: 'Approve or reject room requests.' },
  receptionView: { label: 'Reception View', to: '/menu/calendar', description: 'The day\'s room bookings for your site.' },
  myProfile: { label: 'My Profile', to: '/menu/myprofile', description: 'Your contact details and teams.' },
  settings: { label: 'Settings', to: '/menu/settings', description: 'What your account can change.' } // per person: settingsSummary(),
};

/** Why a visible tile is disabled, for the person looking at it. */
export const DISABLED_REASON: Partial<Record<MenuTileId, string>> = {
  bookDesk: 'Unavailable during maintenance.',
  bookMeetingRoom: 'Unavailable during maintenance.',
  bookClinicalRoom: 'Unavailable during maintenance.',
  settings: 'Needs a role or room approver rights.',
};
