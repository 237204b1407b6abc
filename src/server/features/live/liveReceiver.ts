import type pg from 'pg';
import { bypassesRestrictions } from '../../../domain/orgAccess.js';
import { canApproveRequests } from '../../../domain/permissions.js';
import type { SessionUser } from '../../auth/sessions.js';
import { deskChoiceSql, publishedFloorplanSql, roomChoiceSql } from '../orgAccess/orgAccess.repo.js';
import type { Receiver } from './liveEvents.js';

/**
 * Who is connecting and what they may see, read once per stream (a stream lives at most
 * LiveLimits.maxLifetimeMs, so a change of access takes effect at the next reconnect): the locations
 * where they may book rooms or desks (the screens they can open), by the same rules as those screens.
 */
export async function loadReceiver(pool: pg.Pool, user: SessionUser): Promise<Receiver> {
  const base = { userId: user.id, holderKey: user.email.toLowerCase(), approver: canApproveRequests(user.caller) };
  if (bypassesRestrictions(user.caller)) return { ...base, allPlaces: true, locationIds: new Set() };
  const { rows } = await pool.query<{ id: number }>(
    `SELECT l.id FROM locations l JOIN sites s ON s.id = l.site_id
     WHERE l.deleted_at IS NULL AND s.deleted_at IS NULL
       AND (${roomChoiceSql('s', 'l', '$1', 'false')}
         OR (s.desk_booking_enabled AND ${publishedFloorplanSql('l')} AND ${deskChoiceSql('s', 'l', '$1', 'false')}))`,
    [user.id]);
  return { ...base, allPlaces: false, locationIds: new Set(rows.map((r) => r.id)) };
}
