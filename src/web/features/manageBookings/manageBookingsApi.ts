/** Manage desk bookings calls: POST /api/bookings/searchDesks and DELETE /api/bookings (one per booking). */
import type { Booking } from '../../../domain/wire/bookings.js';
import type { Floorplan, LayoutRecord } from '../../../domain/wire/floorplans.js';
import type { Location } from '../../../domain/wire/locations.js';
import type { SiteSummary } from '../../../domain/wire/sites.js';
import { api } from '../../app/api.js';
import { cancelBooking } from '../cancellation/cancellationApi.js';

export interface DeskSearch {
  FromDate: string; ToDate: string; SiteId: number | null; LocationId: number | null;
  FloorplanId: number | null; DeskId: string | null; UserId: number | null;
}

export const searchDesks = (q: DeskSearch) => api.post<Booking[]>('/api/bookings/searchDesks', q);

/** SPEC 4 'Administrator cancellation': the booking, marked CancelledByAdmin, with the reason. */
export const cancelAsAdmin = (b: Booking, reason: string) => cancelBooking(b, reason, true);

export const listSites = () => api.get<SiteSummary[]>('/api/sites');
export const listLocations = (siteId: number) => api.get<Location[]>(`/api/locations/site/${siteId}`);
export const listFloorplans = (locationId: number) => api.get<Floorplan[]>(`/api/floorplans/location/${locationId}`);
export const getLayout = (floorplanId: number) => api.get<LayoutRecord>(`/api/floorplans/${floorplanId}/layout`);

/** The desks of a published layout, as select options (value 'floorplanId:deskId'). */
export function deskOptions(floorplan: Floorplan, layout: LayoutRecord): { value: string; label: string }[] {
  try {
    const drawing = JSON.parse(layout.Json) as { desks?: { id: string; alias?: string }[] };
    return (drawing.desks ?? []).map((d) => ({ value: `${floorplan.Id}:${d.id}`, label: `${d.alias || d.id} (${floorplan.Name})` }));
  } catch {
    return [];
  }
}

/** SPEC 9: the booking user picker resolves after 1000 ms. */
export const BOOKING_USER_DEBOUNCE_MS = 1000;
export const NO_BOOKINGS_FOR_DESK = 'No bookings found for the chosen desk.';
export const NO_BOOKINGS_FOR_SEARCH = 'No bookings found for the search options chosen above.';
