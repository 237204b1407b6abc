import type pg from 'pg';
import { ReadCache } from '../../db/readCache.js';

/** The names of live sites (with their time zones), locations and floorplans, by id. */
export interface PlaceNames {
  sites: Map<number, { title: string; timeZone: string }>;
  locations: Map<number, string>;
  floorplans: Map<number, string>;
}

/**
 * Kept per configuration version: any change to sites, locations or floorplans bumps it (migration
 * 0008), so an entry is never stale. Who's in then reads only ids per booking: for ~1,400 people the
 * four repeated names per row cost more to parse in pg than this map costs once.
 */
const names = new ReadCache<PlaceNames>(4);

const NAMES_SQL = `
  SELECT 's' AS kind, id, title AS name, time_zone FROM sites WHERE deleted_at IS NULL
  UNION ALL SELECT 'l', id, title, NULL FROM locations WHERE deleted_at IS NULL
  UNION ALL SELECT 'f', id, name, NULL FROM floorplans WHERE deleted_at IS NULL`;

export function placeNames(db: pg.Pool, configVersion: number): Promise<PlaceNames> {
  return names.get(db, String(configVersion), async () => {
    const { rows } = await db.query<{ kind: 's' | 'l' | 'f'; id: number; name: string; time_zone: string | null }>(NAMES_SQL);
    const found: PlaceNames = { sites: new Map(), locations: new Map(), floorplans: new Map() };
    for (const r of rows) {
      if (r.kind === 's') found.sites.set(r.id, { title: r.name, timeZone: r.time_zone ?? 'UTC' });
      else if (r.kind === 'l') found.locations.set(r.id, r.name);
      else found.floorplans.set(r.id, r.name);
    }
    return found;
  });
}
