/** Booking Approval calls (SPEC 7). */
import type { Booking } from '../../../domain/wire/bookings.js';
import type { SiteSummary } from '../../../domain/wire/sites.js';
import { api } from '../../app/api.js';

export const approvalKeys = { pending: ['bookings', 'pendingApprovals'] as const, sites: ['approvals', 'sites'] as const };
/** Sites, for each request's time zone (times show on the site's wall clock). */
export const getSites = () => api.get<SiteSummary[]>('/api/sites');
export const getPendingApprovals = () => api.get<Booking[]>('/api/bookings/pendingApprovals');
export const approveBooking = (id: number) => api.post<Booking>(`/api/bookings/approve/${id}`);
export const rejectBooking = (id: number, reason: string) =>
  api.post<Booking>(`/api/bookings/reject/${id}`, { CancellationReason: reason, CancelledByAdmin: true });
