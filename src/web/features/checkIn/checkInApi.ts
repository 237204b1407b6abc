/** The check-in page's calls. They work signed out: a failure is shown on the page, never a redirect. */
import type { CheckInInfo, CheckInResult } from '../../../domain/wire/myBookings.js';
import { api } from '../../app/api.js';

export const checkInKeys = {
  info: (siteId: number, locationId: number, roomId: number) => ['checkIn', siteId, locationId, roomId] as const,
  signedIn: ['checkIn', 'signedIn'] as const,
};

export const getCheckInInfo = (siteId: number, locationId: number, roomId: number) =>
  api.get<CheckInInfo>(`/api/bookings/check-in/${siteId}/${locationId}/${roomId}`);

/** Text 'true' or 'false' (SPEC 7). */
export const isSignedIn = async () => String(await api.get<string | boolean>('/api/users/current/isAuthenticated')).trim() === 'true';

export const checkIn = (bookingId: number, email?: string) =>
  api.post<CheckInResult>(`/api/bookings/check-in/${bookingId}`, email === undefined ? {} : { Email: email });
