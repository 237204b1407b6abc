import { useQuery } from '@tanstack/react-query';
import type { SettingsResponse } from '../../domain/wire/settings.js';
import { SETTINGS_CALL } from '../../domain/wire/screenCalls.js';
import { api } from './api.js';

export const SETTINGS_QUERY_KEY = ['settings'] as const;

/**
 * Global settings, room kinds present and the signed-in person's profile (GET /api/settings).
 * Every screen reads flags and the profile from here, so one invalidation updates them all.
 */
export function useSettings() {
  return useQuery({
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: () => api.get<SettingsResponse>(SETTINGS_CALL),
    staleTime: 30_000,
  });
}
