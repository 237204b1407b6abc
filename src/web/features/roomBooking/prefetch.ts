import type { QueryClient } from '@tanstack/react-query';
import { defaultRoomTimes } from '../../../domain/roomTimes.js';
import { screenClosuresQuery } from '../closures/closuresApi.js';
import { closureWindow } from '../../../domain/closureWindows.js';
import { availabilityQuery, todayIn } from './findRoomView.js';
import { getAvailability, getLocations, getRooms, getSites, roomKeys } from './roomBookingApi.js';

/**
 * Opened cold, the room page asked for the sites (named in the page as a preload hint), drew itself,
 * and only then did "Find room" ask for the first site's locations, rooms and free rooms: a second
 * round trip that waited for the page's scripts and first render (issue 19, point 7). Here those three,
 * and the day's closures (issue 22: they waited for the tab's first render, a second step after the
 * rest), leave as soon as the sites are in, with the tab's defaults (the first site, today on its clock,
 * 09:00-17:00, any location) and the tab's query keys, so the tab finds them in flight or done.
 * Part of the first script (routePrefetch.ts): small, it needs no room page code. Failures are left
 * to the page, which reports them.
 */
export function prefetchRoomScreen(queryClient: QueryClient, roomType: number): void {
  void queryClient.fetchQuery({ queryKey: roomKeys.sites(roomType), queryFn: () => getSites(roomType) }).then((sites) => {
    const site = sites[0];
    if (!site) return;
    void queryClient.prefetchQuery({ queryKey: roomKeys.locations(site.Id), queryFn: () => getLocations(site.Id) });
    void queryClient.prefetchQuery({ queryKey: roomKeys.rooms(roomType, site.Id, null), queryFn: () => getRooms(roomType, site.Id, null) });
    const today = todayIn(new Date(), site.TimeZone);
    const q = availabilityQuery(site, roomType, today, defaultRoomTimes(), null);
    if (!q) return; // the tab searches nothing either, and asks for no closures
    void queryClient.prefetchQuery({ queryKey: roomKeys.availability(q), queryFn: () => getAvailability(q) });
    const day = closureWindow(today, today);
    void queryClient.prefetchQuery(screenClosuresQuery(site.Id, day.from, day.to));
  }).catch(() => undefined);
}
