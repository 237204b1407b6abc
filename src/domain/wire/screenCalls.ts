import { ROOM_TYPE } from '../roomTypes.js';

/**
 * Calls screens make as they open, as paths under the base path. The web client fetches these, and
 * the server names the very same URLs as preload hints in the page it sends (a hint is used only
 * when the URL matches exactly), so both build them here.
 */
export const deskScreenCalls = {
  layout: (floorplanId: number): string => `/api/floorplans/${floorplanId}/layout`,
  site: (siteId: number): string => `/api/sites/${siteId}`,
  /** Start and end are ISO instants (rangeInstants in domain/deskRoute.ts). */
  occupancy: (floorplanId: number, start: string, end: string): string =>
    `/api/bookings/for/${floorplanId}?start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}`,
  /** The site's locations with desks, and a location's floorplans: the heading's names and the advance limit. */
  locations: (siteId: number): string => `/api/locations/site/${siteId}/desks`,
  floorplans: (locationId: number): string => `/api/floorplans/location/${locationId}`,
  /** The person's favourite desks: the map marks them with a star. */
  favourites: (): string => '/api/favourite-desks',
};

/**
 * The closures a booking screen draws, occurrences over [from, to) (ISO instants) at the places the
 * person may choose (the desk screen's ranges: dateStripWindows in domain/closureWindows.ts).
 */
export const screenClosuresCall = (siteId: number, from: string, to: string): string =>
  `/api/closures?siteId=${siteId}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

/** Every screen's first call: the settings and the signed-in person's profile (useSettings, and their save). */
export const SETTINGS_CALL = '/api/settings';

/** The desk booking screens' source module (their lazy chunk): its key in the web build's manifest. */
export const DESK_SCREEN_MODULE = 'src/web/features/deskBooking/index.ts';

/** The room booking page's first call: the sites that offer rooms of its type (roomBookingApi.getSites). */
export const roomScreenCalls = {
  sites: (roomType: number): string => `/api/sites/byRoomType/${roomType}`,
};

/** The room booking page's source module (its lazy chunk). */
export const ROOM_SCREEN_MODULE = 'src/web/features/roomBooking/index.ts';

/** The room booking pages' router paths, by the room type each books. */
export const ROOM_SCREEN_PATHS: Readonly<Record<string, number>> = {
  '/menu/book/meeting/room': 0,
  '/menu/book/clinical/room': 1,
};

/** The room booking page's heading by the room type it books: the page's h1, and the server's loading page shows it first. */
export const roomScreenHeading = (roomType: number): string => (roomType === ROOM_TYPE.ClinicalMeetingRoom ? 'Book a Clinical Room' : 'Book a Meeting Room');

/**
 * The layout editor (issue 21, first render): its first call (the floorplan's latest layout, draft
 * or published) and its source module. The server names the call and the
 * module's files as hints in the page that opens the editor, as for the desk and room screens.
 */
export const editorScreenCalls = {
  latestLayout: (floorplanId: number): string => `/api/floorplans/${floorplanId}/layout/latest`,
};
export const EDITOR_SCREEN_MODULE = 'src/web/features/layoutEditor/index.ts';

/** The editor's path for a floorplan's layout (the route: routeTable.tsx); editorScreenFloorplan reads it back. */
export const editorPath = (floorplanId: number, layoutId: number): string => `/admin/layoutEditor/floorplan/${floorplanId}/${layoutId}`;

/**
 * The floorplan id of an editor path ('/admin/layoutEditor/floorplan/3/7' -> 3), or null for any other path
 * (the route itself: routeTable.tsx; its hint and prefetch take only positive 32-bit ids).
 */
export const editorScreenFloorplan = (routerPath: string): number | null => {
  const match = /^\/admin\/layoutEditor\/floorplan\/([1-9]\d{0,9})\/[1-9]\d{0,9}\/?$/.exec(routerPath);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : null;
};
