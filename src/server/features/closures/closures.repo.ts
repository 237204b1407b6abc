import type pg from 'pg';
import type { AdminClosure, Closure } from '../../../domain/wire/closures.js';
import { publishedDesks } from '../deskBooking/publishedDesks.js';
import { deskChoiceSql, roomChoiceSql } from '../orgAccess/orgAccess.repo.js';

type Db = pg.Pool | pg.PoolClient;

/** A closure as written: the service has checked every field. */
export interface NewClosure {
  siteId: number; wholeSite: boolean; locationIds: number[]; roomIds: number[]; desks: { FloorplanId: number; DeskId: string }[];
  start: Date; end: Date; reason: string; repeatsYearly: boolean; createdBy: number;
}

/** The site's zone, or undefined for an unknown or deleted site. */
export async function siteTimeZone(db: Db, siteId: number): Promise<string | undefined> {
  const { rows } = await db.query<{ time_zone: string }>('SELECT time_zone FROM sites WHERE id = $1 AND deleted_at IS NULL', [siteId]);
  return rows[0]?.time_zone;
}

/** The places named that are not live places of this site (the service names them in its 400). */
export async function unknownPlaces(db: pg.Pool, c: NewClosure): Promise<{ locations: number[]; rooms: number[]; desks: string[] }> {
  const { rows: locs } = await db.query<{ id: number }>(
    'SELECT id FROM locations WHERE id = ANY($1::int[]) AND site_id = $2 AND deleted_at IS NULL', [c.locationIds, c.siteId]);
  const { rows: rooms } = await db.query<{ id: number }>(
    `SELECT r.id FROM rooms r JOIN locations l ON l.id = r.location_id
     WHERE r.id = ANY($1::int[]) AND l.site_id = $2 AND r.deleted_at IS NULL AND l.deleted_at IS NULL`, [c.roomIds, c.siteId]);
  const floorplanIds = [...new Set(c.desks.map((d) => d.FloorplanId))];
  const { rows: plans } = await db.query<{ id: number; layout_id: number | null; updated_at: Date | null }>(
    `SELECT f.id, lay.id AS layout_id, lay.updated_at FROM floorplans f JOIN locations l ON l.id = f.location_id
     LEFT JOIN LATERAL (SELECT id, updated_at FROM layouts WHERE floorplan_id = f.id AND published ORDER BY id DESC LIMIT 1) lay ON true
     WHERE f.id = ANY($1::int[]) AND l.site_id = $2 AND f.deleted_at IS NULL AND l.deleted_at IS NULL`, [floorplanIds, c.siteId]);
  const desksByPlan = new Map<number, Set<string>>();
  for (const p of plans) {
    desksByPlan.set(p.id, p.layout_id !== null && p.updated_at !== null
      ? new Set((await publishedDesks(db as pg.Pool, p.layout_id, p.updated_at)).keys()) : new Set());
  }
  const knownLocs = new Set(locs.map((r) => r.id));
  const knownRooms = new Set(rooms.map((r) => r.id));
  return {
    locations: c.locationIds.filter((id) => !knownLocs.has(id)),
    rooms: c.roomIds.filter((id) => !knownRooms.has(id)),
    desks: c.desks.filter((d) => !desksByPlan.get(d.FloorplanId)?.has(d.DeskId)).map((d) => `${d.FloorplanId}/${d.DeskId}`),
  };
}

/** Writes closures and their places; returns the new ids in order. */
export async function insertClosures(client: pg.PoolClient, list: NewClosure[]): Promise<number[]> {
  const ids: number[] = [];
  for (const c of list) {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO closures (site_id, whole_site, starts_at, ends_at, reason, repeats_yearly, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [c.siteId, c.wholeSite, c.start, c.end, c.reason, c.repeatsYearly, c.createdBy]);
    const id = Number(rows[0]!.id);
    ids.push(id);
    if (c.locationIds.length > 0) {
      await client.query('INSERT INTO closure_places (closure_id, location_id) SELECT $1, unnest($2::int[])', [id, c.locationIds]);
    }
    if (c.roomIds.length > 0) {
      await client.query('INSERT INTO closure_places (closure_id, room_id) SELECT $1, unnest($2::int[])', [id, c.roomIds]);
    }
    if (c.desks.length > 0) {
      await client.query('INSERT INTO closure_places (closure_id, floorplan_id, desk_id) SELECT $1, * FROM unnest($2::int[], $3::text[])',
        [id, c.desks.map((d) => d.FloorplanId), c.desks.map((d) => d.DeskId)]);
    }
  }
  return ids;
}

/**
 * Closing the site to new bookings while a closure is created: bookings take this row FOR KEY SHARE
 * (trigger bookings_place_live), which FOR UPDATE waits for and blocks (see migration 0021).
 */
export async function lockSiteAgainstBookings(client: pg.PoolClient, siteId: number): Promise<void> {
  await client.query('SELECT 1 FROM sites WHERE id = $1 FOR UPDATE', [siteId]);
}

export interface AffectedRow {
  id: string; starts_at: Date; finishes_at: Date; booked_by_user_id: number; on_behalf_of_email: string;
  room_id: number | null; room_name: string | null; desk_id: string | null; desk_name: string | null;
  site_name: string; time_zone: string; person_name: string; reason: string;
}

/**
 * Active bookings, not yet over, that the closures (already written in this transaction) cover: the
 * same predicate the booking trigger applies, so the preview, the cancellation and the refusal agree.
 * A booking two closures cover is listed once, with the first closure's reason.
 */
export async function affectedBookings(client: pg.PoolClient, closureIds: number[], now: Date): Promise<AffectedRow[]> {
  const { rows } = await client.query<AffectedRow>(
    `SELECT DISTINCT ON (b.starts_at, b.id) b.id, b.starts_at, b.finishes_at, b.booked_by_user_id, b.on_behalf_of_email,
       b.room_id, r.name AS room_name, b.desk_id, b.desk_name, s.title AS site_name, s.time_zone,
       coalesce(nullif(u.full_name, ''), u.email) AS person_name, c.reason
     FROM closures c JOIN sites s ON s.id = c.site_id
     JOIN bookings b ON b.site_id = c.site_id AND b.status IN (0, 1) AND b.finishes_at > $2
       AND (c.repeats_yearly OR (b.starts_at < c.ends_at AND b.finishes_at > c.starts_at))
     JOIN users u ON u.id = b.booked_by_user_id
     LEFT JOIN rooms r ON r.id = b.room_id
     WHERE c.id = ANY($1::bigint[])
       -- closure_end_over and closure_names_place, written out so that the common cases (a one-off
       -- closure, the whole site) cost no function call per booking: ~5,000 rows in one statement.
       AND CASE WHEN c.repeats_yearly THEN closure_end_over(c, s.time_zone, b.during) IS NOT NULL ELSE true END
       AND (c.whole_site OR EXISTS (SELECT 1 FROM closure_places cp WHERE cp.closure_id = c.id
             AND (cp.location_id = b.location_id OR cp.room_id = b.room_id OR (cp.floorplan_id = b.floorplan_id AND cp.desk_id = b.desk_id))))
     ORDER BY b.starts_at, b.id, c.id`, [closureIds, now]);
  return rows;
}

/** Cancels the bookings as an admin's, each with its closure's reason; returns how many changed. */
export async function cancelForClosure(client: pg.PoolClient, rows: AffectedRow[], byUserId: number, at: Date): Promise<number> {
  if (rows.length === 0) return 0;
  const { rowCount } = await client.query(
    `UPDATE bookings b SET status = 3, cancellation_reason = x.reason, cancelled_by_admin = true, cancelled_by_user_id = $3,
       cancelled_at = $4, updated_at = $4
     FROM unnest($1::bigint[], $2::text[]) AS x(id, reason)
     WHERE b.id = x.id AND b.status IN (0, 1)`,
    [rows.map((r) => r.id), rows.map((r) => r.reason), byUserId, at]);
  return rowCount ?? 0;
}

/** One notice per person, queued in bulk (two statements, whatever the number of people). */
export interface PersonNotice { userId: number; extraEmails: string[]; subject: string; text: string; url: string }

/**
 * The outbox rows notify() (notifications/notify.ts) writes, for many people at once: one push per
 * person, one e-mail per distinct address (the person's own and the on-behalf addresses of their bookings).
 */
export async function queueNotices(client: pg.PoolClient, notices: PersonNotice[]): Promise<void> {
  if (notices.length === 0) return;
  const ord = notices.map((_, i) => i);
  await client.query(
    `INSERT INTO push_outbox (user_id, title, body, url) SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[])`,
    [notices.map((n) => n.userId), notices.map((n) => n.subject), notices.map((n) => n.text), notices.map((n) => n.url)]);
  await client.query(
    `INSERT INTO mail_outbox (to_address, subject, body_text)
     SELECT DISTINCT ON (x.ord, lower(a.addr)) a.addr, x.subject, x.body
     FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[]) AS x(ord, user_id, subject, body, extra)
     CROSS JOIN LATERAL (SELECT u.email AS addr FROM users u WHERE u.id = x.user_id
                         UNION ALL SELECT unnest(string_to_array(x.extra, E'\\n'))) a
     WHERE a.addr <> ''`,
    [ord, notices.map((n) => n.userId), notices.map((n) => n.subject), notices.map((n) => n.text), notices.map((n) => n.extraEmails.join('\n'))]);
}

interface ClosureRow {
  id: string; site_id: number; whole_site: boolean; starts_at: Date; ends_at: Date; reason: string; repeats_yearly: boolean;
  location_ids: number[]; room_ids: number[]; desks: { FloorplanId: number; DeskId: string }[]; created_by_name: string; created_at: Date;
}

const CLOSURE_SELECT = `
  SELECT c.id, c.site_id, c.whole_site, c.starts_at, c.ends_at, c.reason, c.repeats_yearly, c.created_at,
    coalesce(nullif(u.full_name, ''), u.email) AS created_by_name,
    coalesce((SELECT array_agg(cp.location_id ORDER BY cp.location_id) FROM closure_places cp WHERE cp.closure_id = c.id AND cp.location_id IS NOT NULL), '{}') AS location_ids,
    coalesce((SELECT array_agg(cp.room_id ORDER BY cp.room_id) FROM closure_places cp WHERE cp.closure_id = c.id AND cp.room_id IS NOT NULL), '{}') AS room_ids,
    coalesce((SELECT json_agg(json_build_object('FloorplanId', cp.floorplan_id, 'DeskId', cp.desk_id) ORDER BY cp.floorplan_id, cp.desk_id)
      FROM closure_places cp WHERE cp.closure_id = c.id AND cp.desk_id IS NOT NULL), '[]') AS desks
  FROM closures c JOIN users u ON u.id = c.created_by`;

/** Closures of a site over [from, to): those overlapping it, and every yearly one (it may repeat into it). */
export async function closuresInRange(db: Db, siteId: number, from: Date, to: Date): Promise<ClosureRow[]> {
  const { rows } = await db.query<ClosureRow>(
    `${CLOSURE_SELECT}
     WHERE c.site_id = $1 AND (c.during && tstzrange($2, $3, '[)') OR (c.repeats_yearly AND c.starts_at < $3))
     ORDER BY c.starts_at, c.id`, [siteId, from, to]);
  return rows;
}

/**
 * For the booking screens: each occurrence of the site's closures overlapping [from, to) (a yearly
 * closure once per year it touches, shifted on the site's wall clock as closure_end_over does), with
 * only the places the person may choose, by the rules the screens list places with (deskChoiceSql,
 * roomChoiceSql): a desk when they may book desks on its floor, a room or floor when they may choose
 * rooms (or desks, for a floor) there, the whole site when they may choose anything at it. The caller
 * drops closures left with no place. `anyChoice` is false when the person may choose nothing at the
 * site. No creator is read.
 */
export async function closuresForScreens(db: Db, siteId: number, from: Date, to: Date, userId: number, bypass: boolean)
  : Promise<{ anyChoice: boolean; rows: Omit<ClosureRow, 'created_by_name' | 'created_at'>[] }> {
  const { rows: allowed } = await db.query<{ id: number; desks_ok: boolean; rooms_ok: boolean }>(
    `SELECT l.id, ${deskChoiceSql('s', 'l', '$2', '$3')} AS desks_ok, ${roomChoiceSql('s', 'l', '$2', '$3')} AS rooms_ok
     FROM locations l JOIN sites s ON s.id = l.site_id AND s.deleted_at IS NULL
     WHERE l.site_id = $1 AND l.deleted_at IS NULL`, [siteId, userId, bypass]);
  const deskLocations = allowed.filter((a) => a.desks_ok).map((a) => a.id);
  const roomLocations = allowed.filter((a) => a.rooms_ok).map((a) => a.id);
  const anyChoice = deskLocations.length + roomLocations.length > 0;
  if (!anyChoice) return { anyChoice, rows: [] };
  const { rows } = await db.query<Omit<ClosureRow, 'created_by_name' | 'created_at'>>(
    `SELECT c.id, c.site_id, c.whole_site, o.lo AS starts_at, o.hi AS ends_at, c.reason, c.repeats_yearly,
       coalesce((SELECT array_agg(cp.location_id ORDER BY cp.location_id) FROM closure_places cp
                 WHERE cp.closure_id = c.id AND (cp.location_id = ANY($4::int[]) OR cp.location_id = ANY($5::int[]))), '{}') AS location_ids,
       coalesce((SELECT array_agg(cp.room_id ORDER BY cp.room_id) FROM closure_places cp JOIN rooms r ON r.id = cp.room_id
                 WHERE cp.closure_id = c.id AND r.location_id = ANY($5::int[])), '{}') AS room_ids,
       coalesce((SELECT json_agg(json_build_object('FloorplanId', cp.floorplan_id, 'DeskId', cp.desk_id) ORDER BY cp.floorplan_id, cp.desk_id)
                 FROM closure_places cp JOIN floorplans f ON f.id = cp.floorplan_id
                 WHERE cp.closure_id = c.id AND f.location_id = ANY($4::int[])), '[]') AS desks
     FROM closures c JOIN sites s ON s.id = c.site_id
     CROSS JOIN LATERAL (
       SELECT c.starts_at AS lo, c.ends_at AS hi WHERE NOT c.repeats_yearly
       UNION ALL
       SELECT ((c.starts_at AT TIME ZONE s.time_zone) + make_interval(years => k)) AT TIME ZONE s.time_zone,
              ((c.ends_at AT TIME ZONE s.time_zone) + make_interval(years => k)) AT TIME ZONE s.time_zone
       FROM generate_series(
         greatest(0, extract(year FROM $2::timestamptz AT TIME ZONE s.time_zone)::int - extract(year FROM c.starts_at AT TIME ZONE s.time_zone)::int - 1),
         extract(year FROM $3::timestamptz AT TIME ZONE s.time_zone)::int - extract(year FROM c.starts_at AT TIME ZONE s.time_zone)::int) AS k
       WHERE c.repeats_yearly
     ) o
     WHERE c.site_id = $1 AND (c.during && tstzrange($2, $3, '[)') OR (c.repeats_yearly AND c.starts_at < $3))
       AND o.lo < $3 AND o.hi > $2
     ORDER BY o.lo, c.id`, [siteId, from, to, deskLocations, roomLocations]);
  return { anyChoice, rows: rows.filter((r) => r.whole_site || r.location_ids.length + r.room_ids.length + r.desks.length > 0) };
}

export async function closuresById(db: Db, ids: number[]): Promise<ClosureRow[]> {
  const { rows } = await db.query<ClosureRow>(`${CLOSURE_SELECT} WHERE c.id = ANY($1::bigint[]) ORDER BY c.starts_at, c.id`, [ids]);
  return rows;
}

export async function deleteClosure(db: Db, id: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM closures WHERE id = $1', [id]);
  return (rowCount ?? 0) > 0;
}

export function toClosure(r: Omit<ClosureRow, 'created_by_name' | 'created_at'>): Closure {
  return {
    Id: Number(r.id), SiteId: r.site_id,
    Scope: { WholeSite: r.whole_site, LocationIds: r.location_ids, RoomIds: r.room_ids, Desks: r.desks },
    Start: r.starts_at.toISOString(), End: r.ends_at.toISOString(), Reason: r.reason, RepeatsYearly: r.repeats_yearly,
  };
}

export function toAdminClosure(r: ClosureRow): AdminClosure {
  return { ...toClosure(r), CreatedByName: r.created_by_name, CreatedAt: r.created_at.toISOString() };
}
