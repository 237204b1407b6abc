import type pg from 'pg';
import { parseDeskScreenPath, parseRange, rangeInstants } from '../../../domain/deskRoute.js';
import { DESK_SCREEN_MODULE, deskScreenCalls } from '../../../domain/wire/screenCalls.js';
import type { ScreenHints } from '../../http/pagePreloads.js';

/**
 * What the floorplan screen needs as it opens (DeskBookingPage, prefetch.ts): its script, its
 * layout, its site, and the bookings for the chosen time. The bookings call needs the site's time
 * zone, which the browser learns only from an answer; here it is one indexed read, so all of them
 * can be hinted at once.
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
      }
    }
    return { calls, modules: [DESK_SCREEN_MODULE] };
  };
}
