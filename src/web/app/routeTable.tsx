import type { ReactNode } from 'react';
import { callerMeets, canOpenSettings, canUpdateRoomDetails, type AccessLevel, type Caller } from '../../domain/permissions.js';
import { MenuPage } from '../features/menu/MenuPage.js';
import { lazyPage } from './lazyPage.js';
import { loadDeskBookingScreens } from '../features/deskBooking/prefetch.js';

// Every screen but the home menu is loaded when first opened: one chunk per feature folder.
const settings = () => import('../features/settings/index.js');
const GlobalSettingsPage = lazyPage(settings, 'GlobalSettingsPage');
const SettingsPanel = lazyPage(settings, 'SettingsPanel');
const LayoutEditorPage = lazyPage(() => import('../features/layoutEditor/index.js'), 'LayoutEditorPage');
const FloorplansListPage = lazyPage(() => import('../features/floorplans/index.js'), 'FloorplansListPage');
const roomBooking = () => import('../features/roomBooking/index.js');
const RoomBookingPage = lazyPage(roomBooking, 'RoomBookingPage');
const RoomPlaceholderPage = lazyPage(roomBooking, 'RoomPlaceholderPage');
const ApprovalsPage = lazyPage(() => import('../features/approvals/index.js'), 'ApprovalsPage');
const UserManagementPage = lazyPage(() => import('../features/userManagement/index.js'), 'UserManagementPage');
const ManageBookingsPage = lazyPage(() => import('../features/manageBookings/index.js'), 'ManageBookingsPage');
const ReportingPage = lazyPage(() => import('../features/reporting/index.js'), 'ReportingPage');
const InsightsPage = lazyPage(() => import('../features/insights/index.js'), 'InsightsPage');
const AuditLogPage = lazyPage(() => import('../features/audit/index.js'), 'AuditLogPage');
const ClosuresPage = lazyPage(() => import('../features/closures/index.js'), 'ClosuresPage');
const ProfilePage = lazyPage(() => import('../features/profile/index.js'), 'ProfilePage');
const WhosInPage = lazyPage(() => import('../features/whosIn/index.js'), 'WhosInPage');
const TagTestingPage = lazyPage(() => import('../features/tagTesting/index.js'), 'TagTestingPage');
const MyBookingsPage = lazyPage(() => import('../features/myBookings/index.js'), 'MyBookingsPage');
const ReceptionPage = lazyPage(() => import('../features/reception/index.js'), 'ReceptionPage');
const sites = () => import('../features/sites/index.js');
const SiteEditorPage = lazyPage(sites, 'SiteEditorPage');
const SitesListPage = lazyPage(sites, 'SitesListPage');
const locations = () => import('../features/locations/index.js');
const LocationEditPage = lazyPage(locations, 'LocationEditPage');
const LocationsPage = lazyPage(locations, 'LocationsPage');
const rooms = () => import('../features/rooms/index.js');
const RoomEditorPage = lazyPage(rooms, 'RoomEditorPage');
const RoomsListPage = lazyPage(rooms, 'RoomsListPage');
const roomApprover = () => import('../features/roomApprover/index.js');
const ApproverRoomEditPage = lazyPage(roomApprover, 'ApproverRoomEditPage');
const ApproverRoomsPage = lazyPage(roomApprover, 'ApproverRoomsPage');
const deskBooking = loadDeskBookingScreens;
const ChooseFloorplanPage = lazyPage(deskBooking, 'ChooseFloorplanPage');
const ChooseLocationPage = lazyPage(deskBooking, 'ChooseLocationPage');
const ChooseSitePage = lazyPage(deskBooking, 'ChooseSitePage');
const ChooseTimePage = lazyPage(() => import('../features/deskBooking/ChooseTimePage.js'), 'ChooseTimePage');
const DeskBookingPage = lazyPage(deskBooking, 'DeskBookingPage');
const deskCheckIn = () => import('../features/deskCheckIn/index.js');
const DeskCheckInPage = lazyPage(deskCheckIn, 'DeskCheckInPage');
const DeskQrSheetPage = lazyPage(deskCheckIn, 'DeskQrSheetPage');

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
  { path: '/menu/whosin', screen: "Who's in", element: <WhosInPage /> },
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
  { path: '/menu/settings/closures', screen: 'Closures', access: 'admin', back: '/menu/settings', element: <ClosuresPage /> },
  { path: '/menu/settings/manageBookings', screen: 'Manage Desk Bookings', access: 'bookingManager', back: '/menu/settings', element: <ManageBookingsPage /> },
  { path: '/menu/settings/reporting', screen: 'Reporting', access: 'reporting', back: '/menu/settings', element: <ReportingPage /> },
  { path: '/menu/settings/insights', screen: 'Insights', access: 'reporting', back: '/menu/settings', element: <InsightsPage /> },
  { path: '/menu/settings/auditlog', screen: 'Audit Log', access: 'admin', back: '/menu/settings', element: <AuditLogPage /> },
  { path: '/menu/settings/updateroomdetails', screen: 'Update Room Details', access: canUpdateRoomDetails, back: '/menu/settings', element: <ApproverRoomsPage /> },
  { path: '/menu/settings/updateroomdetails/:roomId/edit', screen: 'Room details', access: canUpdateRoomDetails, back: '/menu/settings/updateroomdetails', element: <ApproverRoomEditPage /> },
  { path: '/desk-check-in/:floorplanId/:deskId', screen: 'Desk check-in', element: <DeskCheckInPage /> },
  { path: `${LOCATION}/floorplans/:floorplanId/desk-qr-codes`, screen: 'Desk QR codes', access: 'admin', back: SITES, element: <DeskQrSheetPage /> },
  { path: '/admin/layoutEditor/floorplan/:floorplanId/:layoutId', screen: 'Floorplan layout editor', access: 'admin', element: <LayoutEditorPage /> },
];

/** The route's access rule as a predicate over the caller (no rule: any signed-in person). */
export function accessRule(route: SignedInRoute): (c: Caller) => boolean {
  const { access } = route;
  if (access === undefined) return () => true;
  if (typeof access === 'function') return access;
  return (c) => callerMeets(access, c);
}
