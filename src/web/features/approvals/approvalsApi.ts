/** Booking Approval calls (SPEC 7; a series as one request: issue 22). */
import type { Booking } from '../../../domain/wire/bookings.js';
import type { PendingApproval, SeriesDecided, SeriesDecisionInput } from '../../../domain/wire/seriesManage.js';
import type { SiteSummary } from '../../../domain/wire/sites.js';
import { api } from '../../app/api.js';

export const approvalKeys = { pending: ['bookings', 'pendingApprovals'] as const, sites: ['approvals', 'sites'] as const };
/** Sites, for each request's time zone (times show on the site's wall clock). */
export const getSites = () => api.get<SiteSummary[]>('/api/sites');
/** The pending requests; a series' occurrences carry SeriesId and SeriesSummary. */
export const getPendingApprovals = () => api.get<PendingApproval[]>('/api/bookings/pendingApprovals');
export const approveBooking = (id: number) => api.post<Booking>(`/api/bookings/approve/${id}`);
export const rejectBooking = (id: number, reason: string) =>
  api.post<Booking>(`/api/bookings/reject/${id}`, { CancellationReason: reason, CancelledByAdmin: true });
/** Approves or rejects every still-pending occurrence of a series at once. */
export const decideSeries = (seriesId: string, input: SeriesDecisionInput) =>
  api.post<SeriesDecided>(`/api/approvals/series/${encodeURIComponent(seriesId)}`, input);
