import type { ReactNode } from 'react';
import { callerMeets, canOpenSettings, canUpdateRoomDetails, type AccessLevel, type Caller } from '../../domain/permissions.js';
import { GlobalSettingsPage } from '../features/settings/GlobalSettingsPage.js';
import { SettingsPanel } from '../features/settings/SettingsPanel.js';
import { MenuPage } from '../features/menu/MenuPage.js';
import { LayoutEditorPage } from '../features/layoutEditor/index.js';
import { FloorplansListPage } from '../features/floorplans/index.js';
import { RoomBookingPage, RoomPlaceholderPage } from '../features/roomBooking/index.js';
import { ApprovalsPage } from '../features/approvals/index.js';
import { UserManagementPage } from '../features/userManagement/index.js';
import { ManageBookingsPage } from '../features/manageBookings/index.js';
import { ReportingPage } from '../features/reporting/index.js';
import { ProfilePage } from '../features/profile/index.js';
import { TagTestingPage } from '../features/tagTesting/index.js';
import { MyBookingsPage } from '../features/myBookings/index.js';
import { ReceptionPage } from '../features/reception/index.js';
import { SiteEditorPage, SitesListPage } from '../features/sites/index.js';
import { LocationEditPage, LocationsPage } from '../features/locations/index.js';
import { RoomEditorPage, RoomsListPage } from '../features/rooms/index.js';
import { ApproverRoomEditPage, ApproverRoomsPage } from '../features/roomApprover/index.js';
import { ChooseFloorplanPage, ChooseLocationPage, ChooseSitePage, ChooseTimePage, DeskBookingPage } from '../features/deskBooking/index.js';

/**
 * Every signed-in route of SPEC 2.1, as data. `screen` names the page while it is still a
 * placeholder; `element` is set once the screen is built (later work replaces placeholders here).
 * `access` mirrors the server's access levels, so a person sees 'no access' rather than a screen
 * whose calls would all be refused.
 */
export interface SignedInRoute {
  path: string;
  screen: string;
  access?: AccessLevel | ((c: Caller) => boolean);
  /** Where the placeholder's back link goes. */
  back?: string;
  element?: ReactNode;
}

const SITES = '/menu/settings/sites';
const LOCATION = `${SITES}/:siteId/locations/:locationId`;
const DESK = '/menu/book/desk/:startDateStr/:endDateStr';

export const SIGNED_IN_ROUTES: SignedInRoute[] = [
  { path: '/menu', screen: 'Home menu', element: <MenuPage /> },
  { path: '/menu/mybookings', screen: 'My Bookings', element: <MyBookingsPage /> },
  { path: '/menu/approvals', screen: 'Booking Approval', access: 'roomApprover', element: <ApprovalsPage /> },
  { path: '/menu/book/desk', screen: 'Book a Desk', element: <ChooseTimePage /> },
  { path: DESK, screen: 'Choose a site', element: <ChooseSitePage /> },
  { path: `${DESK}/:siteId`, screen: 'Choose a location', element: <ChooseLocationPage /> },
  { path: `${DESK}/:siteId/:locationId`, screen: 'Choose a floorplan', element: <ChooseFloorplanPage /> },
  { path: `${DESK}/:siteId/:locationId/:floorplanId`, screen: 'Desk booking', element: <DeskBookingPage /> },
  { path: '/menu/book/meeting/room', screen: 'Book a Meeting Room', element: <RoomBookingPage key="meeting" roomType={0} /> },
  { path: '/menu/book/clinical/room', screen: 'Book a Clinical Room', element: <RoomBookingPage key="clinical" roomType={1} /> },
  { path: '/menu/book/room/:startDateStr/:endDateStr/:siteId/:locationId', screen: 'Room booking', element: <RoomPlaceholderPage /> },
  { path: '/menu/calendar', screen: 'Site Calendar (Reception View)', access: 'siteLvlAdmin', element: <ReceptionPage /> },
  { path: '/menu/myprofile', screen: 'My Profile', element: <ProfilePage /> },
  { path: '/menu/tagTesting', screen: 'Tag chooser test', element: <TagTestingPage /> },
  { path: '/menu/settings', screen: 'Settings', access: canOpenSettings, element: <SettingsPanel /> },
  { path: SITES, screen: 'Sites', access: 'admin', back: '/menu/settings', element: <SitesListPage /> },
  { path: `${SITES}/new`, screen: 'New site', access: 'admin', back: SITES, element: <SiteEditorPage /> },
  { path: `${SITES}/:id/edit`, screen: 'Edit site', access: 'admin', back: SITES, element: <SiteEditorPage /> },
  { path: `${SITES}/:id/locations`, screen: 'Locations', access: 'admin', back: SITES, element: <LocationsPage /> },
  { path: `${SITES}/:siteId/locations/new`, screen: 'New location', access: 'admin', back: SITES, element: <LocationsPage creating /> },
  { path: `${LOCATION}/edit`, screen: 'Edit location', access: 'admin', back: SITES, element: <LocationEditPage /> },
  { path: `${LOCATION}/rooms`, screen: 'Rooms', access: 'admin', back: SITES, element: <RoomsListPage /> },
  { path: `${LOCATION}/rooms/new`, screen: 'New room', access: 'admin', back: SITES, element: <RoomEditorPage /> },
  { path: `${LOCATION}/rooms/:roomId/edit`, screen: 'Edit room', access: 'admin', back: SITES, element: <RoomEditorPage /> },
  { path: `${LOCATION}/floorplans`, screen: 'Floorplans', access: 'admin', back: SITES, element: <FloorplansListPage /> },
  { path: '/menu/settings/usermanagement', screen: 'User Management', access: 'admin', back: '/menu/settings', element: <UserManagementPage /> },
  { path: '/menu/settings/global', screen: 'Global Settings', access: 'admin', element: <GlobalSettingsPage /> },
  { path: '/menu/settings/manageBookings', screen: 'Manage Desk Bookings', access: 'bookingManager', back: '/menu/settings', element: <ManageBookingsPage /> },
  { path: '/menu/settings/reporting', screen: 'Reporting', access: 'reporting', back: '/menu/settings', element: <ReportingPage /> },
  { path: '/menu/settings/updateroomdetails', screen: 'Update Room Details', access: canUpdateRoomDetails, back: '/menu/settings', element: <ApproverRoomsPage /> },
  { path: '/menu/settings/updateroomdetails/:roomId/edit', screen: 'Room details', access: canUpdateRoomDetails, back: '/menu/settings/updateroomdetails', element: <ApproverRoomEditPage /> },
  { path: '/admin/layoutEditor/floorplan/:floorplanId/:layoutId', screen: 'Floorplan layout editor', access: 'admin', element: <LayoutEditorPage /> },
];

/** The route's access rule as a predicate over the caller (no rule: any signed-in person). */
export function accessRule(route: SignedInRoute): (c: Caller) => boolean {
  const { access } = route;
  if (access === undefined) return () => true;
  if (typeof access === 'function') return access;
  return (c) => callerMeets(access, c);
}
