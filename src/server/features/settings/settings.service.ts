import type pg from 'pg';
import type { GlobalSettings, GlobalSettingsInput, NamesOnMap, SettingsResponse } from '../../../domain/wire/settings.js';
import type { SessionUser } from '../../auth/sessions.js';
import { ReadCache } from '../../db/readCache.js';
import { inTransaction } from '../../db/transaction.js';
import { recordAudit } from '../audit/recordAudit.js';
import { notFound } from '../../http/errors.js';
import { readNameHidden } from '../profile/profile.repo.js';
import { loadProfile } from '../users/users.repo.js';
import { readGlobalSettings, readNamesOnMap, roomTypesPresent, writeGlobalSettings } from './settings.repo.js';

export async function settingsFor(pool: pg.Pool, userId: number): Promise<SettingsResponse> {
  const [settings, rooms, profile, hidden] = await Promise.all([
    readGlobalSettings(pool), roomTypesPresent(pool), loadProfile(pool, userId), readNameHidden(pool, userId),
  ]);
  if (!profile) throw notFound('Your account');
  return { ...settings, HasStandardRooms: rooms.standard, HasClinicalRooms: rooms.clinical, Profile: { ...profile, HideNameOnMap: hidden } };
}

/**
 * The names setting per configuration version: saving global settings bumps the version (migration
 * 0008), so the desk map and "Who's in" never read a stale value and need no query while it stands.
 */
const namesSettings = new ReadCache<NamesOnMap>(16);
export function namesOnMapSetting(pool: pg.Pool, configVersion: number): Promise<NamesOnMap> {
  return namesSettings.get(pool, String(configVersion), () => readNamesOnMap(pool));
}

export async function saveGlobalSettings(pool: pg.Pool, s: GlobalSettingsInput, admin: SessionUser): Promise<GlobalSettings> {
  // The global constraints' resource types are fixed by which field they sit in.
  const normalised: GlobalSettingsInput = {
    ...s,
    GlobalDeskConstraint: { ...s.GlobalDeskConstraint, ResourceType: 2 },
    GlobalRoomConstraint: { ...s.GlobalRoomConstraint, ResourceType: 1 },
  };
  return inTransaction(pool, async (db) => {
    const before = await readGlobalSettings(db, true);
    await writeGlobalSettings(db, normalised);
    const after = await readGlobalSettings(db);
    await recordAudit(db, { actor: admin, action: 'settings.change', target: { type: 'settings', id: null }, before, after });
    return after;
  });
}
