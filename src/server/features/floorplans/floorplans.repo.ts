import type pg from 'pg';
import type { DeskFutureBookings, Floorplan, LatestLayout, SavedLayout } from '../../../domain/wire/floorplans.js';
import { ACTIVE_STATUSES } from '../../../domain/bookingStatus.js';

type Db = pg.Pool | pg.PoolClient;

/** One transaction helper for the whole server (deadlocks retried): src/server/db/transaction.ts. */
import { inTransaction } from '../../db/transaction.js';
export { inTransaction };

/** A live location (not deleted, nor its site). */
export async function locationExists(db: Db, locationId: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM locations l JOIN sites s ON s.id = l.site_id AND s.deleted_at IS NULL
     WHERE l.id = $1 AND l.deleted_at IS NULL`, [locationId]);
  return (rowCount ?? 0) > 0;
}

/**
 * Floorplans of a location with their latest layout (any state). `publishedOnly` leaves out
 * floorplans that have never been published (what people who only book may choose from).
 */
export async function listFloorplans(db: Db, locationId: number, publishedOnly: boolean): Promise<Floorplan[]> {
  const { rows } = await db.query(
    `SELECT f.id, f.name, lay.id AS layout_id, lay.published
     FROM floorplans f
     LEFT JOIN LATERAL (SELECT id, published FROM layouts WHERE floorplan_id = f.id ORDER BY id DESC LIMIT 1) lay ON true
     WHERE f.location_id = $1 AND f.deleted_at IS NULL
       AND ($2::boolean IS FALSE OR EXISTS (SELECT 1 FROM layouts p WHERE p.floorplan_id = f.id AND p.published))
     ORDER BY lower(f.name), f.id`, [locationId, publishedOnly]);
  return rows.map((r) => ({
    Id: r.id,
    Name: r.name,
    FloorplanLayout: r.layout_id === null ? null : { Id: r.layout_id, Published: r.published },
  }));
}

export interface FloorplanRow { id: number; name: string; locationId: number; siteId: number }

/**
 * A live floorplan (its location and site live too). `lock` takes a row lock so writes to one
 * floorplan's layouts (save, publish, new layout, delete) happen one at a time.
 */
export async function findFloorplan(db: Db, id: number, lock = false): Promise<FloorplanRow | undefined> {
  const { rows } = await db.query(
    `SELECT f.id, f.name, f.location_id, l.site_id
     FROM floorplans f
     JOIN locations l ON l.id = f.location_id AND l.deleted_at IS NULL
     JOIN sites s ON s.id = l.site_id AND s.deleted_at IS NULL
     WHERE f.id = $1 AND f.deleted_at IS NULL ${lock ? 'FOR UPDATE OF f' : ''}`, [id]);
  const r = rows[0];
  return r ? { id: r.id, name: r.name, locationId: r.location_id, siteId: r.site_id } : undefined;
}

export async function insertFloorplan(db: Db, locationId: number, name: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>('INSERT INTO floorplans (location_id, name) VALUES ($1, $2) RETURNING id', [locationId, name]);
  return rows[0]!.id;
}

export async function renameFloorplan(db: Db, id: number, name: string): Promise<void> {
  await db.query('UPDATE floorplans SET name = $2 WHERE id = $1', [id, name]);
}

export async function softDeleteFloorplan(db: Db, id: number, now: Date): Promise<void> {
  await db.query('UPDATE floorplans SET deleted_at = $2 WHERE id = $1', [id, now]);
}

export interface LayoutRow { id: number; json: string; published: boolean; publishedAt: Date | null; updatedAt: Date }

const toLayoutRow = (r: Record<string, unknown>): LayoutRow => ({
  id: r['id'] as number,
  json: r['json'] as string,
  published: r['published'] as boolean,
  publishedAt: (r['published_at'] as Date | null) ?? null,
  updatedAt: r['updated_at'] as Date,
});

/** The newest layout of a floorplan, published or not. */
export async function latestLayout(db: Db, floorplanId: number): Promise<LayoutRow | undefined> {
  const { rows } = await db.query(
    'SELECT id, json, published, published_at, updated_at FROM layouts WHERE floorplan_id = $1 ORDER BY id DESC LIMIT 1', [floorplanId]);
  return rows[0] ? toLayoutRow(rows[0]) : undefined;
}

export async function findLayout(db: Db, floorplanId: number, layoutId: number): Promise<LayoutRow | undefined> {
  const { rows } = await db.query(
    'SELECT id, json, published, published_at, updated_at FROM layouts WHERE id = $1 AND floorplan_id = $2', [layoutId, floorplanId]);
  return rows[0] ? toLayoutRow(rows[0]) : undefined;
}

export async function insertLayout(db: Db, floorplanId: number, json: string, now: Date): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO layouts (floorplan_id, json, published, created_at, updated_at) VALUES ($1, $2, false, $3, $3) RETURNING id',
    [floorplanId, json, now]);
  return rows[0]!.id;
}

/**
 * Writes a layout's drawing, and publishes it when asked. updated_at always moves: the desk booking
 * code caches published desks keyed by (layout id, updated_at).
 */
export async function writeLayout(db: Db, layoutId: number, json: string, publish: boolean, now: Date): Promise<SavedLayout> {
  const { rows } = await db.query(
    `UPDATE layouts SET json = $2, updated_at = GREATEST($3::timestamptz, updated_at + interval '1 millisecond'),
       published = published OR $4, published_at = CASE WHEN $4 AND NOT published THEN $3::timestamptz ELSE published_at END
     WHERE id = $1 RETURNING id, published, published_at, updated_at`, [layoutId, json, now, publish]);
  const r = rows[0];
  return {
    Id: r.id,
    Published: r.published,
    PublishedAt: r.published_at ? (r.published_at as Date).toISOString() : null,
    UpdatedAt: (r.updated_at as Date).toISOString(),
  };
}

export const toLatestLayout = (layout: LayoutRow, fp: FloorplanRow): LatestLayout => ({
  Id: layout.id,
  Json: layout.json,
  Published: layout.published,
  PublishedAt: layout.publishedAt ? layout.publishedAt.toISOString() : null,
  UpdatedAt: layout.updatedAt.toISOString(),
  FloorplanId: fp.id,
  FloorplanName: fp.name,
  LocationId: fp.locationId,
  SiteId: fp.siteId,
});

/** Active (Pending or Approved) bookings on a floorplan that have not finished by `now`. */
export async function countFutureBookings(db: Db, floorplanId: number, now: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM bookings WHERE floorplan_id = $1 AND status = ANY($2::smallint[]) AND finishes_at > $3',
    [floorplanId, ACTIVE_STATUSES, now]);
  return rows[0]!.n;
}

/** The same for one desk, listed soonest first (the Delete Desk check). */
export async function deskFutureBookings(db: Db, floorplanId: number, deskId: string, now: Date, limit: number): Promise<DeskFutureBookings> {
  const { rows } = await db.query(
    `SELECT b.id, b.starts_at, b.finishes_at, b.status, u.full_name, b.on_behalf_of_email, count(*) OVER ()::int AS total
     FROM bookings b JOIN users u ON u.id = b.booked_by_user_id
     WHERE b.floorplan_id = $1 AND b.desk_id = $2 AND b.status = ANY($3::smallint[]) AND b.finishes_at > $4
     ORDER BY b.starts_at, b.id LIMIT $5`, [floorplanId, deskId, ACTIVE_STATUSES, now, limit]);
  return {
    Count: rows[0]?.total ?? 0,
    Bookings: rows.map((r) => ({
      Id: Number(r.id),
      Start: (r.starts_at as Date).toISOString(),
      Finish: (r.finishes_at as Date).toISOString(),
      Status: r.status,
      BookedByUserName: r.full_name,
      OnBehalfOfEmail: r.on_behalf_of_email,
    })),
  };
}
