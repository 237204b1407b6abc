import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { parseDeskScreenPath } from '../../domain/deskRoute.js';
import { editorScreenFloorplan, ROOM_SCREEN_PATHS } from '../../domain/wire/screenCalls.js';
import { prefetchDeskScreen } from '../features/deskBooking/prefetch.js';
import { prefetchLatestLayout } from '../features/layoutEditor/layoutApi.js';
import { prefetchRoomScreen } from '../features/roomBooking/prefetch.js';
import { loaderOf, preloadScreen } from './lazyPage.js';
import { publicPageLoader } from './publicPages.js';
import { SIGNED_IN_ROUTES } from './routeTable.js';
import { prefetchSettings } from './useSettings.js';

/**
 * Starts the data and script of the screen the app was opened on before the first render, instead of
 * one round trip after it. Resolves when the first render can draw that screen rather than a loader:
 * - the desk floorplan: its code, settings, layout, site and bookings (prefetchDeskScreen);
 * - a signed-out page (sign-in, check-in...): its chunk;
 * - the room booking page: also its first tab's calls, as soon as the sites are in (prefetchRoomScreen);
 * - any other signed-in screen: the settings (every screen waits for them; the server hinted them in
 *   the page, so they are usually in before the app's script has run). Its chunk starts loading too,
 *   not awaited: the frame may be drawn while it arrives.
 * main.tsx bounds the wait, so a slow answer delays the first render by 1.5 s at most.
 */
export async function prefetchOpeningScreen(routerPath: string, queryClient: QueryClient): Promise<void> {
  const path = routerPath.split('?')[0]!;
  const desk = parseDeskScreenPath(path);
  if (desk) return prefetchDeskScreen(queryClient, desk);
  const publicPage = publicPageLoader(path);
  if (publicPage) return preloadScreen(publicPage);
  const load = loaderOf(SIGNED_IN_ROUTES.find((r) => matchPath(r.path, path))?.element);
  if (load) void preloadScreen(load).catch(() => undefined);
  // The layout editor: its layout loads alongside its code (prefetchLatestLayout).
  const editorFloorplan = editorScreenFloorplan(path);
  if (editorFloorplan !== null) prefetchLatestLayout(editorFloorplan);
  const roomType = ROOM_SCREEN_PATHS[path.replace(/\/$/, '')];
  if (roomType !== undefined) prefetchRoomScreen(queryClient, roomType);
  await prefetchSettings(queryClient);
}
