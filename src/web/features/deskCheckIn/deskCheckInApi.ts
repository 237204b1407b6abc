/** Desk check-in calls (issue 24): the scan page, the admin setting and the QR sheet. */
import type {
  CheckInCounts, DeskCheckInResult, DeskCheckInState, DeskQrSheet, LocationDeskCheckIn, LocationDeskCheckInInput, SiteDeskCheckIn,
} from '../../../domain/wire/deskCheckIn.js';
import { api, apiFetch } from '../../app/api.js';

const place = (floorplanId: number, deskId: string) => `/api/desk-check-in/${floorplanId}/${encodeURIComponent(deskId)}`;

export const deskCheckInKeys = {
  state: (floorplanId: number, deskId: string) => ['deskCheckIn', floorplanId, deskId] as const,
  site: (siteId: number) => ['deskCheckIn', 'site', siteId] as const,
  location: (locationId: number) => ['deskCheckIn', 'location', locationId] as const,
  sheet: (floorplanId: number) => ['deskCheckIn', 'sheet', floorplanId] as const,
  counts: (from: string, to: string) => ['deskCheckIn', 'counts', from, to] as const,
};

export const getDeskCheckInState = (floorplanId: number, deskId: string) => api.get<DeskCheckInState>(place(floorplanId, deskId));
export const checkInAtDesk = (floorplanId: number, deskId: string) => api.post<DeskCheckInResult>(place(floorplanId, deskId));
export const bookNowAtDesk = (floorplanId: number, deskId: string) => api.post<DeskCheckInResult>(`${place(floorplanId, deskId)}/book-now`);

export const getSiteDeskCheckIn = (siteId: number) => api.get<SiteDeskCheckIn>(`/api/sites/${siteId}/desk-check-in`);
export const putSiteDeskCheckIn = (siteId: number, body: SiteDeskCheckIn) =>
  apiFetch<SiteDeskCheckIn>(`/api/sites/${siteId}/desk-check-in`, { method: 'PUT', json: body });
export const getLocationDeskCheckIn = (locationId: number) => api.get<LocationDeskCheckIn>(`/api/locations/${locationId}/desk-check-in`);
export const putLocationDeskCheckIn = (locationId: number, body: LocationDeskCheckInInput) =>
  apiFetch<LocationDeskCheckIn>(`/api/locations/${locationId}/desk-check-in`, { method: 'PUT', json: body });

export const getDeskQrSheet = (floorplanId: number) => api.get<DeskQrSheet>(`/api/floorplans/${floorplanId}/desk-qr-sheet`);
export const getCheckInCounts = (from: string, to: string) =>
  api.get<CheckInCounts>(`/api/bookings/stats/check-ins/from/${encodeURIComponent(from)}/to/${encodeURIComponent(to)}`);
