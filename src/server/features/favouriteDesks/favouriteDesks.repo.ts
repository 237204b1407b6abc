/** The favourite_desks table (migration 0016): one person's rows at a time, never anyone else's. */
import type pg from 'pg';
import type { FavouriteDesk } from '../../../domain/wire/favouriteDesks.js';

/** Advisory lock namespace of the per-person count check (other features use 7310002 and their own). */
const FAVOURITES_LOCK = 7310020;

/** The person's favourites, oldest first, with where each desk is and the floorplan's published layout now. */
export async function listFavourites(pool: pg.Pool, userId: number): Promise<FavouriteDesk[]> {
  const { rows } = await pool.query<FavouriteDesk>({
    name: 'favourite_desks_list',
    text: `SELECT fd.floorplan_id AS "FloorplanId", fd.desk_id AS "DeskId", fd.desk_name AS "DeskName",
        f.name AS "FloorplanName", l.id AS "LocationId", l.title AS "LocationName", s.id AS "SiteId", s.title AS "SiteName",
        s.time_zone AS "TimeZone", lay.id AS "LayoutId",
        (f.deleted_at IS NULL AND l.deleted_at IS NULL AND s.deleted_at IS NULL) AS "Available"
      FROM favourite_desks fd
      JOIN floorplans f ON f.id = fd.floorplan_id
      JOIN locations l ON l.id = f.location_id
      JOIN sites s ON s.id = l.site_id
      LEFT JOIN LATERAL (SELECT id FROM layouts WHERE floorplan_id = f.id AND published ORDER BY id DESC LIMIT 1) lay ON true
      WHERE fd.user_id = $1
      ORDER BY fd.created_at, fd.floorplan_id, fd.desk_id`,
    values: [userId],
  });
  return rows;
}

/**
 * The desk as the floorplan's published layout draws it now: its name (alias, else id) and bookable
 * flag; null when the floorplan (or its place) is deleted, has no published layout or no such desk.
 * PostgreSQL reads the drawing, so the app never holds a large layout for this.
 */
export async function publishedDesk(pool: pg.Pool, floorplanId: number, deskId: string): Promise<{ name: string; bookable: boolean } | null> {
  const { rows } = await pool.query<{ name: string; bookable: boolean }>({
    name: 'favourite_desks_published_desk',
    text: `SELECT COALESCE(NULLIF(btrim(d->>'alias'), ''), d->>'id') AS name, COALESCE((d->>'bookable')::boolean, false) AS bookable
      FROM floorplans f
      JOIN locations l ON l.id = f.location_id AND l.deleted_at IS NULL
      JOIN sites s ON s.id = l.site_id AND s.deleted_at IS NULL
      JOIN LATERAL (SELECT json FROM layouts WHERE floorplan_id = f.id AND published ORDER BY id DESC LIMIT 1) lay ON true
      CROSS JOIN LATERAL jsonb_array_elements(lay.json::jsonb -> 'desks') d
      WHERE f.id = $1 AND f.deleted_at IS NULL AND d->>'id' = $2
      LIMIT 1`,
    values: [floorplanId, deskId],
  });
  return rows[0] ?? null;
}

/**
 * Adds the favourite unless the person already has `limit` others; marking one again keeps it (and
 * refreshes its name). Returns 'added', 'kept' or 'full'. The count is checked under a per-person
 * lock, so two requests at once cannot both pass it.
 */
export async function addFavourite(client: pg.PoolClient, userId: number, fav: { floorplanId: number; deskId: string; deskName: string }, limit: number): Promise<'added' | 'kept' | 'full'> {
  await client.query('SELECT pg_advisory_xact_lock($1, $2)', [FAVOURITES_LOCK, userId]);
  const updated = await client.query('UPDATE favourite_desks SET desk_name = $4 WHERE user_id = $1 AND floorplan_id = $2 AND desk_id = $3',
    [userId, fav.floorplanId, fav.deskId, fav.deskName]);
  if ((updated.rowCount ?? 0) > 0) return 'kept';
  const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM favourite_desks WHERE user_id = $1', [userId]);
  if (rows[0]!.n >= limit) return 'full';
  await client.query('INSERT INTO favourite_desks (user_id, floorplan_id, desk_id, desk_name) VALUES ($1, $2, $3, $4)',
    [userId, fav.floorplanId, fav.deskId, fav.deskName]);
  return 'added';
}

/** True when the person had that favourite. */
export async function removeFavourite(pool: pg.Pool, userId: number, floorplanId: number, deskId: string): Promise<boolean> {
  const res = await pool.query('DELETE FROM favourite_desks WHERE user_id = $1 AND floorplan_id = $2 AND desk_id = $3', [userId, floorplanId, deskId]);
  return (res.rowCount ?? 0) > 0;
}
