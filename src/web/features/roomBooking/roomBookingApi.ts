/** The room booking screens' calls (SPEC 7). */
import type { Booking } from '../../../domain/wire/bookings.js';
import type { LocationList } from '../../../domain/wire/locations.js';
import type { AvailabilityItem } from '../../../domain/wire/roomBooking.js';
import type { Room } from '../../../domain/wire/rooms.js';
import type { SiteSummary } from '../../../domain/wire/sites.js';
import { api } from '../../app/api.js';
import { roomScreenCalls } from '../../../domain/wire/screenCalls.js';
import type { z } from 'zod';

export const roomKeys = {
  sites: (type: number) => ['roomBooking', 'sites', type] as const,
  locations: (siteId: number) => ['roomBooking', 'locations', siteId] as const,
  rooms: (type: number, siteId: number, locationId: number | null) => ['roomBooking', 'rooms', type, siteId, locationId] as const,
  availability: (q: AvailabilityQuery) => ['roomBooking', 'availability', q] as const,
  bookings: (roomId: number, from: string, to: string) => ['roomBooking', 'bookings', roomId, from, to] as const,
  info: (roomId: number) => ['roomBooking', 'info', roomId] as const,
};

/**
 * How long an answer counts as fresh for the room page's opening queries: one prefetched as the app
 * opened (prefetch.ts) is used when the page mounts, not fetched again. Bookings invalidate these keys.
 */
export const OPENING_FRESH_MS = 10_000;

export interface AvailabilityQuery { fromDate: string; toDate: string; roomType: number; siteId: number; locationId: number | null }

export const getSites = (type: number) => api.get<SiteSummary[]>(roomScreenCalls.sites(type));
export const getLocations = (siteId: number) => api.get<z.infer<typeof LocationList>>(`/api/locations/site/${siteId}`);
export const getRooms = (type: number, siteId: number, locationId: number | null) =>
  api.get<Room[]>(locationId ? `/api/rooms/location/${locationId}/${type}` : `/api/rooms/site/${siteId}/${type}`);
export const getAvailability = (q: AvailabilityQuery) => api.post<AvailabilityItem[]>('/api/rooms/availability', q);
export const getRoomBookings = (roomId: number, fromDate: string, toDate: string) =>
  api.post<Booking[]>('/api/bookings/searchRooms', { roomId, fromDate, toDate });
export const getRoomInfo = (roomId: number) => api.get<Room>(`/api/rooms/${roomId}/info`);

export interface RoomBookingDraft { RoomId: number; Start: string; Finish: string; Description: string; OnBehalfOfEmail: string; BookedByUserId?: number }
export const saveRoomBooking = (b: RoomBookingDraft) => api.post<Booking>('/api/bookings/room', b);
