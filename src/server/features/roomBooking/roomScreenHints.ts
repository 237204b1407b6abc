import { ROOM_SCREEN_MODULE, ROOM_SCREEN_PATHS, roomScreenCalls, roomScreenHeading } from '../../../domain/wire/screenCalls.js';
import type { ScreenHints } from '../../http/pagePreloads.js';

/**
 * What the room booking page needs as it opens (RoomBookingPage): its script and the sites offering
 * its room type. Named in the page so that both leave with the first script instead of after it
 * has run (one round trip less before the page's heading: issue 19, point 7). Its heading is
 * known without data, so the loading page shows it from the first paint. No database read.
 */
export async function roomScreenHints(routerPath: string): Promise<ScreenHints | null> {
  const roomType = ROOM_SCREEN_PATHS[routerPath.replace(/\/$/, '')];
  if (roomType === undefined) return null;
  return { calls: [roomScreenCalls.sites(roomType)], modules: [ROOM_SCREEN_MODULE], heading: roomScreenHeading(roomType) };
}
