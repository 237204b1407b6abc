/** The Reception View's calls: the sites the person administers and a site's room calendar. */
import type { SiteCalendar } from '../../../domain/wire/myBookings.js';
import type { MySite } from '../../../domain/wire/sites.js';
import { api } from '../../app/api.js';

export const receptionKeys = {
  sites: ['reception', 'sites'] as const,
  calendar: (siteId: number, start: string, end: string) => ['reception', 'calendar', siteId, start, end] as const,
};

export const getMySites = () => api.get<MySite[]>('/api/sites/my');
export const getSiteCalendar = (siteId: number, start: string, end: string) =>
  api.get<SiteCalendar>(`/api/bookings/site/${siteId}?start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}`);

/**
 * The Reception View refetches on live events of its site (issue 24); this slow poll is the fallback
 * while the live channel is down (it was the only refresh, every 30 s, before).
 */
export const REFRESH_MS = 60_000;
