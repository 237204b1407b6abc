/** Booking Approval calls (SPEC 7). */
import type { Booking } from '../../../domain/wire/bookings.js';
import { api } from '../../app/api.js';

export const approvalKeys = { pending: ['bookings', 'pendingApprovals'] as const };
export const getPendingApprovals = () => api.get<Booking[]>('/api/bookings/pendingApprovals');
export const approveBooking = (id: number) => api.post<Booking>(`/api/bookings/approve/${id}`);
export const rejectBooking = (id: number, reason: string) =>
  api.post<Booking>(`/api/bookings/reject/${id}`, { CancellationReason: reason, CancelledByAdmin: true });
