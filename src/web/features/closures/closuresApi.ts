/** Closure calls (issue 22): list, preview, create, delete and holiday import (admin). */
import type {
  AdminClosure, ClosureCreated, ClosureImportInput, ClosureImportPreview, ClosureInput, ClosurePreview,
} from '../../../domain/wire/closures.js';
import { api } from '../../app/api.js';

export const closuresKey = (siteId: number) => ['closures', 'manage', siteId] as const;

export const listClosures = (siteId: number, from: Date, to: Date) => api.get<AdminClosure[]>(
  `/api/closures/manage?siteId=${siteId}&from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`);
export const previewClosure = (input: ClosureInput) => api.post<ClosurePreview>('/api/closures/preview', input);
export const createClosure = (input: ClosureInput & { Token: string }) => api.post<ClosureCreated>('/api/closures', input);
export const deleteClosure = (id: number) => api.delete<void>(`/api/closures/${id}`);
export const importHolidays = (input: ClosureImportInput) => api.post<ClosureImportPreview | ClosureCreated>('/api/closures/import', input);

/** "Close and cancel 12 bookings", "Close and cancel 1 booking", or just "Close" when nothing is booked. */
export function confirmLabel(count: number): string {
  if (count === 0) return 'Close';
  return `Close and cancel ${count} ${count === 1 ? 'booking' : 'bookings'}`;
}
