import type pg from 'pg';
import type { DisplayInfo } from '../../../domain/wire/displays.js';

type Db = pg.Pool | pg.PoolClient;

/** A paired display, as its token resolves. */
export interface PairedDisplay { id: number; roomId: number }
/** What a display shows: a room (door display) or a site (lobby board, migration 0034). */
export type DisplayTarget = { roomId: number; siteId?: undefined } | { siteId: number; roomId?: undefined };
/** A paired display of either kind, as its token resolves. */
export type PairedTarget = { id: number; kind: 'room'; roomId: number } | { id: number; kind: 'site'; siteId: number };

/** Forgets pairings past their time and attempt counts older than any window (cheap: both tables are small). */
export async function purgeStale(db: Db, now: Date): Promise<void> {
  await db.query('DELETE FROM display_pairings WHERE expires_at < $1', [now]);
  await db.query("DELETE FROM display_attempts WHERE attempted_at < now() - interval '1 hour'");
}

/** A new pairing code; false when the code is taken (the caller draws another). */
export async function insertPairing(db: Db, p: { code: string; secretHash: string; expiresAt: Date; now: Date }): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO display_pairings (code, secret_hash, created_at, expires_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
    [p.code, p.secretHash, p.now, p.expiresAt]);
  return rowCount === 1;
}

/**
 * The tablet's pairing, by its secret. When an admin has paired it, the pairing is removed and the
 * display's token hash written in one statement: two polls at once cannot both collect a token.
 */
export async function collectPairing(db: Db, secretHash: string, tokenHash: string, now: Date): Promise<'waiting' | 'paired' | 'expired'> {
  const { rows } = await db.query<{ state: string }>(
    `WITH p AS (SELECT id, display_id, expires_at FROM display_pairings WHERE secret_hash = $1),
     taken AS (DELETE FROM display_pairings d USING p WHERE d.id = p.id AND p.display_id IS NOT NULL RETURNING p.display_id),
     token AS (UPDATE displays SET token_hash = $2, last_seen_at = $3 FROM taken
               WHERE displays.id = taken.display_id AND displays.revoked_at IS NULL RETURNING displays.id)
     SELECT CASE WHEN EXISTS (SELECT 1 FROM token) THEN 'paired'
                 WHEN EXISTS (SELECT 1 FROM p WHERE p.display_id IS NULL AND p.expires_at > $3) THEN 'waiting'
                 ELSE 'expired' END AS state`,
    [secretHash, tokenHash, now]);
  return rows[0]!.state as 'waiting' | 'paired' | 'expired';
}

/**
 * An admin entered `code` for `roomId`: a display row is made and the pairing points at it, in one
 * statement that only takes a live, unclaimed code. undefined when there is none.
 */
export async function claimPairing(db: Db, c: { code: string; userId: number; now: Date } & DisplayTarget): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>(
    `WITH p AS (SELECT id FROM display_pairings WHERE code = $1 AND display_id IS NULL AND expires_at > $4 FOR UPDATE),
     d AS (INSERT INTO displays (room_id, site_id, paired_by_user_id, created_at) SELECT $2::int, $5::int, $3, $4 FROM p RETURNING id),
     u AS (UPDATE display_pairings SET display_id = d.id FROM d, p WHERE display_pairings.id = p.id)
     SELECT id FROM d`,
    [c.code, c.roomId ?? null, c.userId, c.now, c.siteId ?? null]);
  return rows[0]?.id;
}

/**
 * The display a token belongs to (not revoked, its room not deleted). Last seen is written at most
 * once a minute, in the same statement.
 */
export async function resolveDisplay(db: Db, tokenHash: string, now: Date): Promise<PairedDisplay | undefined> {
  const { rows } = await db.query<{ id: number; room_id: number }>(
    `WITH d AS (SELECT d.id, d.room_id, d.last_seen_at FROM displays d JOIN rooms r ON r.id = d.room_id AND r.deleted_at IS NULL
                WHERE d.token_hash = $1 AND d.revoked_at IS NULL),
     seen AS (UPDATE displays SET last_seen_at = $2 FROM d
              WHERE displays.id = d.id AND (d.last_seen_at IS NULL OR d.last_seen_at < $2::timestamptz - interval '1 minute'))
     SELECT id, room_id FROM d`,
    [tokenHash, now]);
  const r = rows[0];
  return r ? { id: r.id, roomId: r.room_id } : undefined;
}

/**
 * A display of either kind (a room's or a site's), not revoked, its room or site not deleted. Last
 * seen is written at most once a minute, as resolveDisplay does. The lobby board and /api/display/me
 * use it; the door routes keep resolveDisplay, which finds room displays only.
 */
export async function resolveTarget(db: Db, tokenHash: string, now: Date): Promise<PairedTarget | undefined> {
  const { rows } = await db.query<{ id: number; room_id: number | null; site_id: number | null }>(
    `WITH d AS (SELECT d.id, d.room_id, d.site_id, d.last_seen_at FROM displays d
                LEFT JOIN rooms r ON r.id = d.room_id AND r.deleted_at IS NULL
                LEFT JOIN sites s ON s.id = d.site_id AND s.deleted_at IS NULL
                WHERE d.token_hash = $1 AND d.revoked_at IS NULL AND (r.id IS NOT NULL OR s.id IS NOT NULL)),
     seen AS (UPDATE displays SET last_seen_at = $2 FROM d
              WHERE displays.id = d.id AND (d.last_seen_at IS NULL OR d.last_seen_at < $2::timestamptz - interval '1 minute'))
     SELECT id, room_id, site_id FROM d`,
    [tokenHash, now]);
  const r = rows[0];
  if (!r) return undefined;
  return r.room_id !== null ? { id: r.id, kind: 'room', roomId: r.room_id } : { id: r.id, kind: 'site', siteId: r.site_id! };
}

const targetColumn = (t: DisplayTarget) => (t.roomId !== undefined ? { column: 'room_id', id: t.roomId } : { column: 'site_id', id: t.siteId });

export const displaysOfRoom = (db: Db, roomId: number): Promise<DisplayInfo[]> => displaysOf(db, { roomId });

/** The displays paired to a room or a site (not revoked), with who paired them and when each was last seen. */
export async function displaysOf(db: Db, target: DisplayTarget): Promise<DisplayInfo[]> {
  const { column, id } = targetColumn(target);
  const { rows } = await db.query<{ id: number; created_at: Date; paired_by: string | null; last_seen_at: Date | null; collected: boolean }>(
    `SELECT d.id, d.created_at, coalesce(nullif(u.full_name, ''), u.email) AS paired_by, d.last_seen_at, d.token_hash IS NOT NULL AS collected
     FROM displays d LEFT JOIN users u ON u.id = d.paired_by_user_id
     WHERE d.${column} = $1 AND d.revoked_at IS NULL ORDER BY d.id`, [id]);
  return rows.map((r) => ({
    Id: r.id, PairedAt: r.created_at.toISOString(), PairedBy: r.paired_by ?? '', LastSeenAt: r.last_seen_at?.toISOString() ?? null, Collected: r.collected,
  }));
}

/** Revokes the display; the token hash is dropped so the token can never be looked up again. */
export const revokeDisplay = (db: Db, roomId: number, displayId: number, now: Date): Promise<boolean> => revokeDisplayOf(db, { roomId }, displayId, now);

/** Revokes a display of this room or site (another's: false). */
export async function revokeDisplayOf(db: Db, target: DisplayTarget, displayId: number, now: Date): Promise<boolean> {
  const { column, id } = targetColumn(target);
  const { rowCount } = await db.query(
    `UPDATE displays SET revoked_at = $3, token_hash = NULL WHERE id = $2 AND ${column} = $1 AND revoked_at IS NULL`, [id, displayId, now]);
  return rowCount === 1;
}

export async function recordAction(db: Db, a: { displayId: number; bookingId: number; action: 'booked' | 'checkedIn' | 'ended'; at: Date }): Promise<void> {
  await db.query('INSERT INTO display_actions (display_id, booking_id, action, at) VALUES ($1, $2, $3, $4)', [a.displayId, a.bookingId, a.action, a.at]);
}
