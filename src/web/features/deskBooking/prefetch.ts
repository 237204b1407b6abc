import type { QueryClient } from '@tanstack/react-query';
import { preloadScreen } from '../../app/lazyPage.js';
import { prefetchSettings } from '../../app/useSettings.js';
import { deskQueries } from './deskBookingApi.js';
import { favouriteDesksQuery } from '../favouriteDesks/favouriteDesksApi.js';
import { parseRange, rangeInstants, type DeskScreenParams } from '../../../domain/deskRoute.js';

/** The desk screen's chunk, loaded by the route table and, ahead of time, by prefetchDeskScreen. */
export const loadDeskBookingScreens = () => import('./index.js');

/**
 * Opened straight from a link or a reload, the desk screen would wait for the settings, then its
 * script, then the layout, then the bookings: four round trips in a row, with the drawing's parsing
 * between the last two. Here the script, the settings, the layout and the site start at once,
 * before the first render, and the bookings as soon as the site's time zone is known. The server
 * has usually named all of them as preload hints in the page already (src/server/http/pagePreloads.ts),
 * and these fetches are then answered from those. The screen's queries (same keys) find them in
 * flight or done. Failures are left to the screen, which reports them.
 *
 * Resolves when the screen's code and the settings are in, so the first render draws the screen
 * itself. Without the settings it drew the frame with a loader (~90 ms of work) and the screen in a
 * second render ~150 ms later, measured with the drawing left out; with the 5,000-desk drawing the
 * whole opening gained ~30 ms on average, within the machine's noise (bench/README.md, session 5).
 * The location and floorplan lists (the heading's names, the advance limit) and the favourite desks start
 * too, unawaited.
 */
export function prefetchDeskScreen(queryClient: QueryClient, p: DeskScreenParams): Promise<void> {
  const code = preloadScreen(loadDeskBookingScreens);
  const settings = prefetchSettings(queryClient);
  void queryClient.prefetchQuery(deskQueries.layout(p.floorplanId));
  void queryClient.prefetchQuery(deskQueries.locations(p.siteId));
  void queryClient.prefetchQuery(deskQueries.floorplans(p.locationId));
  // The stars on the map: asked for at the screen's first render, they came a round trip after the
  // rest on a slow connection, and could draw the map a second time (bench/README.md, session 22).
  void queryClient.prefetchQuery(favouriteDesksQuery());
  const range = parseRange(p.startDateStr, p.endDateStr);
  if (range) for (const q of deskQueries.closures(p.siteId, range.start.date, new Date())) void queryClient.prefetchQuery(q);
  void queryClient.fetchQuery(deskQueries.site(p.siteId)).then((site) => {
    if (!range) return;
    const { start, end } = rangeInstants(range, site.TimeZone);
    return queryClient.prefetchQuery(deskQueries.occupancy(p.floorplanId, start, end));
  }).catch(() => undefined);
  return Promise.all([code, settings]).then(() => undefined);
}
