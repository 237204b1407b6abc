/** Closure calls (issue 22): list, preview, create, delete and holiday import (admin); the screens' list. */
import { queryOptions } from '@tanstack/react-query';
import type {
  AdminClosure, Closure, ClosureCreated, ClosureImportInput, ClosureImportPreview, ClosureInput, ClosurePreview,
} from '../../../domain/wire/closures.js';
import { screenClosuresCall } from '../../../domain/wire/screenCalls.js';
import { api } from '../../app/api.js';

export const closuresKey = (siteId: number) => ['closures', 'manage', siteId] as const;

export const listClosures = (siteId: number, from: Date, to: Date) => api.get<AdminClosure[]>(
  `/api/closures/manage?siteId=${siteId}&from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`);
/** The closures the booking screens draw: occurrences over [from, to) at the places the person may choose. */
export const listScreenClosures = (siteId: number, from: string, to: string) => api.get<Closure[]>(screenClosuresCall(siteId, from, to));
export const screenClosuresKey = (siteId: number, from: string, to: string) => ['closures', 'screen', siteId, from, to] as const;
/** After a closure is made or removed: the booking screens' closures and the bookings it cancelled are stale. */
export const staleAfterClosureChange = [['closures', 'screen'], ['deskBooking', 'occupancy'], ['roomBooking']] as const;
/** One key and call for every screen (and the desk screen's prefetch); screens add staleTime and enabled. */
export const screenClosuresQuery = (siteId: number, from: string, to: string) =>
  queryOptions({ queryKey: screenClosuresKey(siteId, from, to), queryFn: () => listScreenClosures(siteId, from, to) });

export const previewClosure = (input: ClosureInput) => api.post<ClosurePreview>('/api/closures/preview', input);
export const createClosure = (input: ClosureInput & { Token: string }) => api.post<ClosureCreated>('/api/closures', input);
export const deleteClosure = (id: number) => api.delete<void>(`/api/closures/${id}`);
export const importHolidays = (input: ClosureImportInput) => api.post<ClosureImportPreview | ClosureCreated>('/api/closures/import', input);

/** "Close and cancel 12 bookings", "Close and cancel 1 booking", or just "Close" when nothing is booked. */
export function confirmLabel(count: number): string {
  if (count === 0) return 'Close';
  return `Close and cancel ${count} ${count === 1 ? 'booking' : 'bookings'}`;
}
