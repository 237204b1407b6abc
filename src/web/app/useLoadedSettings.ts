import type { SettingsResponse } from '../../domain/wire/settings.js';
import { callerFromProfile } from './caller.js';
import { useSettings } from './useSettings.js';

/**
 * For screens inside SignedInLayout, which renders them only once settings are loaded:
 * the settings and the Caller the permission rules take, without loading states in every screen.
 */
export function useLoadedSettings() {
  const { data } = useSettings();
  if (!data) throw new Error('useLoadedSettings is only for screens inside SignedInLayout');
  return { settings: data as SettingsResponse, caller: callerFromProfile(data.Profile) };
}
