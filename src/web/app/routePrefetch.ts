import type { QueryClient } from '@tanstack/react-query';
import { parseDeskScreenPath } from '../../domain/deskRoute.js';
import { prefetchDeskScreen } from '../features/deskBooking/prefetch.js';

/**
 * Starts the data and script of the screen the app was opened on, before the first render (see
 * prefetchDeskScreen). Only the heaviest screen, the floorplan, needs it; others just render.
 * Resolves when that screen's code and the settings are in (at once for other screens).
 */
export async function prefetchOpeningScreen(routerPath: string, queryClient: QueryClient): Promise<void> {
  const desk = parseDeskScreenPath(routerPath.split('?')[0]!);
  if (desk) await prefetchDeskScreen(queryClient, desk);
}
