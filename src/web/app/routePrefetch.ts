import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { prefetchDeskScreen } from '../features/deskBooking/prefetch.js';

const DESK_SCREEN = '/menu/book/desk/:startDateStr/:endDateStr/:siteId/:locationId/:floorplanId';

/**
 * Starts the data and script of the screen the app was opened on, before the first render (see
 * prefetchDeskScreen). Only the heaviest screen, the floorplan, needs it; others just render.
 */
export function prefetchOpeningScreen(routerPath: string, queryClient: QueryClient): void {
  const desk = matchPath(DESK_SCREEN, routerPath.split('?')[0]!);
  if (!desk) return;
  const decoded = (v: string | undefined) => { try { return decodeURIComponent(v ?? ''); } catch { return ''; } };
  const startDateStr = decoded(desk.params['startDateStr']);
  const endDateStr = decoded(desk.params['endDateStr']);
  const floorplanId = Number(desk.params['floorplanId']);
  const siteId = Number(desk.params['siteId']);
  if (floorplanId > 0 && siteId > 0) prefetchDeskScreen(queryClient, { startDateStr, endDateStr, siteId, floorplanId });
}
