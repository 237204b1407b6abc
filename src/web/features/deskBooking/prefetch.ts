import type { QueryClient } from '@tanstack/react-query';
import { deskKeys, getLayout, getOccupancy, getSite } from './deskBookingApi.js';
import { parseRange, rangeInstants } from './deskRoute.js';

/** The desk screen's chunk, loaded by the route table and, ahead of time, by prefetchDeskScreen. */
export const loadDeskBookingScreens = () => import('./index.js');

export interface DeskScreenParams { startDateStr: string; endDateStr: string; siteId: number; floorplanId: number }

/**
 * Opened straight from a link or a reload, the desk screen would wait for the settings, then its
 * script, then the layout, then the bookings: four round trips in a row, with the drawing's parsing
 * between the last two. Here the script, the layout and the site start at once, before the first
 * render, and the bookings as soon as the site's time zone is known. The screen's queries (same
 * keys) then find them in flight or done. Failures are left to the screen, which reports them.
 */
export function prefetchDeskScreen(queryClient: QueryClient, p: DeskScreenParams): void {
  void loadDeskBookingScreens().catch(() => undefined);
  void queryClient.prefetchQuery({ queryKey: deskKeys.layout(p.floorplanId), queryFn: () => getLayout(p.floorplanId) });
  const range = parseRange(p.startDateStr, p.endDateStr);
  void queryClient.fetchQuery({ queryKey: deskKeys.site(p.siteId), queryFn: () => getSite(p.siteId) }).then((site) => {
    if (!range) return;
    const { start, end } = rangeInstants(range, site.TimeZone);
    return queryClient.prefetchQuery({ queryKey: deskKeys.occupancy(p.floorplanId, start, end), queryFn: () => getOccupancy(p.floorplanId, start, end) });
  }).catch(() => undefined);
}
