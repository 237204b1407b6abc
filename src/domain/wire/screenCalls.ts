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
};

/** Every screen's first call: the settings and the signed-in person's profile (useSettings, and their save). */
export const SETTINGS_CALL = '/api/settings';

/** The desk booking screens' source module (their lazy chunk): its key in the web build's manifest. */
export const DESK_SCREEN_MODULE = 'src/web/features/deskBooking/index.ts';
