/** Reporting calls: counts (GET /api/bookings/stats/...) and the CSV export (GET /api/bookings/export/...). */
import type { ReportFilter } from '../../../domain/adminRules.js';
import type { StatsResponse } from '../../../domain/wire/admin.js';
import { api } from '../../app/api.js';
import { withBase } from '../../app/basePath.js';

export interface ReportQuery { filter: ReportFilter; tagId: number; from: string; to: string }

const tail = (q: ReportQuery) => `${q.filter}/${q.tagId}/from/${q.from}/to/${q.to}`;
export const getStats = (q: ReportQuery) => api.get<StatsResponse>(`/api/bookings/stats/filter/${tail(q)}`);
export const exportUrl = (q: ReportQuery) => withBase(`/api/bookings/export/filter/${tail(q)}`);

export const FILTER_OPTIONS: { value: ReportFilter; label: string }[] = [
  { value: 'all', label: 'All' }, { value: 'desk', label: 'Desk' }, { value: 'room', label: 'Room' }, { value: 'tag', label: 'Tag' },
];
