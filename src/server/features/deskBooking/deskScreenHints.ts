import type pg from 'pg';
import { DATE_STRIP_MOST_DAYS, dateStripWindows } from '../../../domain/closureWindows.js';
import { parseDeskScreenPath, parseRange, rangeInstants } from '../../../domain/deskRoute.js';
import { DESK_SCREEN_MODULE, deskScreenCalls, screenClosuresCall } from '../../../domain/wire/screenCalls.js';
import type { ScreenHints } from '../../http/pagePreloads.js';

/**
 * What the floorplan screen needs as it opens (DeskBookingPage, prefetch.ts): its script, its
 * layout, its site, the bookings for the chosen time, the closures the map waits for, the
 * location and floorplan lists, and the person's favourite desks (starred on the map). The
 * bookings call needs the site's time zone, which the browser learns only from an answer; here it
 * is one indexed read, so all of them can be hinted at once.
 * The closures' ranges follow today's date (dateStripWindows): the server's clock names the same
 * URLs as the browser's unless the two disagree about the date, when the hint goes unused.
 * Without them in the hints, the map waited for calls the app's script starts only once it has run
 * (issue 20, 5,000-desk floor: bench/README.md, session 19).
 */
export function deskScreenHints(db: pg.Pool) {
  return async (routerPath: string): Promise<ScreenHints | null> => {
    const screen = parseDeskScreenPath(routerPath);
    if (!screen) return null;
    const calls = [deskScreenCalls.layout(screen.floorplanId), deskScreenCalls.site(screen.siteId)];
    const range = parseRange(screen.startDateStr, screen.endDateStr);
    if (range) {
      const { rows } = await db.query<{ time_zone: string }>(
        { name: 'site_time_zone', text: 'SELECT time_zone FROM sites WHERE id = $1 AND deleted_at IS NULL', values: [screen.siteId] });
      if (rows[0]) {
        const { start, end } = rangeInstants(range, rows[0].time_zone);
        calls.push(deskScreenCalls.occupancy(screen.floorplanId, start, end));
        for (const w of dateStripWindows(new Date(), range.start.date, DATE_STRIP_MOST_DAYS)) calls.push(screenClosuresCall(screen.siteId, w.from, w.to));
      }
    }
    calls.push(deskScreenCalls.locations(screen.siteId), deskScreenCalls.floorplans(screen.locationId), deskScreenCalls.favourites());
    return { calls, modules: [DESK_SCREEN_MODULE] };
  };
}
