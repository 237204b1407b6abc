/** The Reporting page's "Check-ins and no-shows" card: one site's figures for a period (issue 24). */
import type { CheckInReport } from '../../../domain/wire/deskCheckIn.js';
import type { SiteSummary } from '../../../domain/wire/sites.js';
import { api } from '../../app/api.js';

export const checkInReportKeys = {
  sites: ['reporting', 'sites'] as const,
  report: (siteId: number, from: string, to: string) => ['reporting', 'checkIns', siteId, from, to] as const,
};

export const listReportSites = () => api.get<SiteSummary[]>('/api/sites');
export const getCheckInReport = (siteId: number, from: string, to: string) =>
  api.get<CheckInReport>(`/api/bookings/stats/check-ins/site/${siteId}/from/${encodeURIComponent(from)}/to/${encodeURIComponent(to)}`);
