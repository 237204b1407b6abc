import type pg from 'pg';
import { ACCESS_TYPE, type Place } from '../../../domain/orgAccess.js';
import type { AuditRecord } from './auditChanges.js';
import { recordAudit, type AuditActor } from './recordAudit.js';

/**
 * Access restrictions of a site, location or room as the audit log compares them: the restriction
 * switches and every access list (people and teams by id). A place being created starts from "nothing
 * restricted, nobody listed", so creating an unrestricted place records nothing.
 */
const TABLE: Record<Place, string> = { site: 'sites', location: 'locations', room: 'rooms' };
const LISTS = [['ResourceAdmin', ACCESS_TYPE.ResourceAdmin], ['RoomAdmin', ACCESS_TYPE.RoomAdmin], ['DeskAccess', ACCESS_TYPE.DeskAccess]] as const;

const NOTHING: AuditRecord = Object.fromEntries([
  ['RestrictRoomAccess', false], ['RestrictDeskAccess', false],
  ...LISTS.flatMap(([name]) => [[`${name}UserIds`, []], [`${name}TeamIds`, []]]),
]);

/** The place's restrictions now (read in the caller's transaction); `id` undefined: a place not yet created. */
export async function restrictionsOf(db: pg.PoolClient, place: Place, id: number | undefined): Promise<AuditRecord> {
  if (id === undefined) return NOTHING;
  const desk = place === 'room' ? 'false' : 'restrict_desk_access';
  const { rows: [flags] } = await db.query<{ room: boolean; desk: boolean }>(
    `SELECT restrict_room_access AS room, ${desk} AS desk FROM ${TABLE[place]} WHERE id = $1`, [id]);
  const { rows } = await db.query<{ access_type: number; users: number[]; teams: number[] }>(
    `SELECT access_type, coalesce(array_agg(user_id ORDER BY user_id) FILTER (WHERE user_id IS NOT NULL), '{}') AS users,
            coalesce(array_agg(team_id ORDER BY team_id) FILTER (WHERE team_id IS NOT NULL), '{}') AS teams
     FROM access_grants WHERE scope = $1 AND scope_id = $2 GROUP BY access_type`, [place, id]);
  const out: AuditRecord = { ...NOTHING, RestrictRoomAccess: flags?.room ?? false, RestrictDeskAccess: flags?.desk ?? false };
  for (const [name, type] of LISTS) {
    const r = rows.find((x) => x.access_type === type);
    out[`${name}UserIds`] = r?.users ?? [];
    out[`${name}TeamIds`] = r?.teams ?? [];
  }
  return out;
}

/** Records what the save changed in the place's restrictions, if anything (one entry per save). */
export async function recordRestrictions(db: pg.PoolClient, actor: AuditActor, place: Place, id: number, before: AuditRecord): Promise<void> {
  await recordAudit(db, { actor, action: 'restrictions.change', target: { type: place, id }, before, after: await restrictionsOf(db, place, id) });
}
