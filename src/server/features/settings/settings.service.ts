import type pg from 'pg';
import type { GlobalSettings, SettingsResponse } from '../../../domain/wire/settings.js';
import { notFound } from '../../http/errors.js';
import { loadProfile } from '../users/users.repo.js';
import { readGlobalSettings, roomTypesPresent, writeGlobalSettings } from './settings.repo.js';

export async function settingsFor(pool: pg.Pool, userId: number): Promise<SettingsResponse> {
  const [settings, rooms, profile] = await Promise.all([readGlobalSettings(pool), roomTypesPresent(pool), loadProfile(pool, userId)]);
  if (!profile) throw notFound('Your account');
  return { ...settings, HasStandardRooms: rooms.standard, HasClinicalRooms: rooms.clinical, Profile: profile };
}

export async function saveGlobalSettings(pool: pg.Pool, s: GlobalSettings): Promise<GlobalSettings> {
  // The global constraints' resource types are fixed by which field they sit in.
  const normalised: GlobalSettings = {
    ...s,
    GlobalDeskConstraint: { ...s.GlobalDeskConstraint, ResourceType: 2 },
    GlobalRoomConstraint: { ...s.GlobalRoomConstraint, ResourceType: 1 },
  };
  await writeGlobalSettings(pool, normalised);
  return readGlobalSettings(pool);
}
