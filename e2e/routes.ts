/**
 * Every page route of SPEC 2.1 with the demo organisation's ids (site 1, location 1, floorplan 1,
 * room 1) and wall-clock date segments. Relative to the base URL (no leading slash).
 */
const START = '2030-01-07T09:00';
const END = '2030-01-07T17:00';
const LOCATION = 'menu/settings/sites/1/locations/1';

export const SIGNED_IN_PAGES = [
  'menu',
  'menu/mybookings',
  'menu/approvals',
  'menu/book/desk',
  `menu/book/desk/${START}/${END}`,
  `menu/book/desk/${START}/${END}/1`,
  `menu/book/desk/${START}/${END}/1/1`,
  `menu/book/desk/${START}/${END}/1/1/1`,
  'menu/book/meeting/room',
  'menu/book/clinical/room',
  `menu/book/room/${START}/${END}/1/1`,
  'menu/calendar',
  'menu/whosin',
  'menu/myprofile',
  'menu/tagTesting',
  'menu/settings',
  'menu/settings/sites',
  'menu/settings/sites/new',
  'menu/settings/sites/1/edit',
  'menu/settings/sites/1/locations',
  'menu/settings/sites/1/locations/new',
  `${LOCATION}/edit`,
  `${LOCATION}/rooms`,
  `${LOCATION}/rooms/new`,
  `${LOCATION}/rooms/1/edit`,
  `${LOCATION}/floorplans`,
  'menu/settings/usermanagement',
  'menu/settings/global',
  'menu/settings/manageBookings',
  'menu/settings/reporting',
  'menu/settings/insights',
  'menu/settings/auditlog',
  `${LOCATION}/floorplans/1/desk-qr-codes`,
  'desk-check-in/1/D1',
  'menu/settings/updateroomdetails',
  'menu/settings/updateroomdetails/1/edit',
  'admin/layoutEditor/floorplan/1/1',
] as const;

export const SIGNED_OUT_PAGES = ['login', 'privacy', 'setup?token=not-a-real-token-0000', 'check-in/1/1/1?rn=thames'] as const;
