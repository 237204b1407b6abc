import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { SettingsResponse } from '../../domain/wire/settings.js';
import { SETTINGS_CALL } from '../../domain/wire/screenCalls.js';
import { api } from './api.js';

export const SETTINGS_QUERY_KEY = ['settings'] as const;

const settingsQuery = {
  queryKey: SETTINGS_QUERY_KEY,
  queryFn: () => api.get<SettingsResponse>(SETTINGS_CALL),
  staleTime: 30_000,
};

/**
 * Global settings, room kinds present and the signed-in person's profile (GET /api/settings).
 * Every screen reads flags and the profile from here, so one invalidation updates them all.
 */
export function useSettings() {
  return useQuery(settingsQuery);
}

/**
 * Starts the settings before the first render (the opening screen, routePrefetch.ts), so the
 * signed-in frame can draw the screen at once. Resolves when they are in or have failed: a failure
 * is left to useSettings, which shows it (a 401 has already sent the person to sign in).
 */
export const prefetchSettings = (queryClient: QueryClient): Promise<void> => queryClient.prefetchQuery(settingsQuery);
