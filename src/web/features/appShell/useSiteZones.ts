import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { browserTimeZone } from '../../../domain/deskRoute.js';
import type { SiteSummary } from '../../../domain/wire/sites.js';
import { api } from '../../app/api.js';

/**
 * The sites' list behind useSiteZones, for a page that waits for it before drawing times (same cache entry).
 * Fresh for 5 minutes: a site's time zone almost never changes, and without it every card that mounts
 * after the list arrived would ask for the sites again.
 */
export const siteZonesQuery = { queryKey: ['sites'], queryFn: () => api.get<SiteSummary[]>('/api/sites'), staleTime: 5 * 60_000 };

/**
 * The time zone of each site, for screens that list bookings of several sites (their times are
 * their site's wall clock). Until the list loads, or for a site it does not know, the browser's zone.
 */
export function useSiteZones(): (siteId: number) => string {
  const sites = useQuery(siteZonesQuery);
  return useMemo(() => {
    const zones = new Map((sites.data ?? []).map((s) => [s.Id, s.TimeZone]));
    const fallback = browserTimeZone();
    return (siteId: number) => zones.get(siteId) ?? fallback;
  }, [sites.data]);
}
