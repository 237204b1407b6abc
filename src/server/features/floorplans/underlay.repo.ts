/** The floorplan_underlays table (migration 0020): uploaded plan images, one row per upload, never changed. */
import type pg from 'pg';
import type { UnderlayImage } from '../../../domain/layout/underlay.js';
import type { NormalisedImage } from './underlayImage.js';

type Db = pg.Pool | pg.PoolClient;

export async function insertUnderlay(db: Db, floorplanId: number, image: NormalisedImage, userId: number): Promise<UnderlayImage> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO floorplan_underlays (floorplan_id, content_type, width, height, bytes, created_by)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [floorplanId, image.contentType, image.width, image.height, image.bytes, userId]);
  return { Id: rows[0]!.id, FloorplanId: floorplanId, Width: image.width, Height: image.height, ContentType: image.contentType };
}

export interface StoredUnderlay { contentType: 'image/png' | 'image/webp'; bytes: Buffer }

/**
 * The image, while its floorplan lives (and its location and site). An editor (anyAdmin) reads every
 * image of the floor, drafts included; anyone else only the image the floor's published layout names,
 * so a plan uploaded for a draft stays unseen until it is published.
 */
export async function findUnderlay(db: Db, imageId: string, anyAdmin: boolean): Promise<StoredUnderlay | undefined> {
  const { rows } = await db.query<{ content_type: 'image/png' | 'image/webp'; bytes: Buffer }>(
    `SELECT u.content_type, u.bytes
     FROM floorplan_underlays u
     JOIN floorplans f ON f.id = u.floorplan_id AND f.deleted_at IS NULL
     JOIN locations l ON l.id = f.location_id AND l.deleted_at IS NULL
     JOIN sites s ON s.id = l.site_id AND s.deleted_at IS NULL
     WHERE u.id = $1
       AND ($2 OR (SELECT lay.json FROM layouts lay WHERE lay.floorplan_id = f.id AND lay.published ORDER BY lay.id DESC LIMIT 1)
                    LIKE '%' || u.id::text || '%')`, [imageId, anyAdmin]);
  const r = rows[0];
  return r ? { contentType: r.content_type, bytes: r.bytes } : undefined;
}

/** Whether this image was uploaded for this floorplan (the layout save check). */
export async function underlayBelongs(db: Db, floorplanId: number, imageId: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM floorplan_underlays WHERE id = $1 AND floorplan_id = $2', [imageId, floorplanId]);
  return (rowCount ?? 0) > 0;
}
