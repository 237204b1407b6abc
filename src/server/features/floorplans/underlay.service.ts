/**
 * Underlay images (issue 21, "Trace the real plan"): upload for a floorplan, read back for drawing, and
 * the check a layout save makes that the drawing's underlay names an image of its own floorplan.
 */
import type pg from 'pg';
import { UNDERLAY_UPLOAD, type UnderlayImage } from '../../../domain/layout/underlay.js';
import { badInput, notFound } from '../../http/errors.js';
import { countRead } from '../../http/perPersonLimit.js';
import * as floorplans from './floorplans.repo.js';
import * as repo from './underlay.repo.js';
import { normaliseImage } from './underlayImage.js';

export const UNDERLAY_MESSAGES = {
  notBytes: 'Send the image file itself as the request body (Content-Type: application/octet-stream)',
  notThisFloor: 'The plan image of this layout was not uploaded for this floorplan; upload it again',
} as const;

export async function uploadUnderlay(pool: pg.Pool, floorplanId: number, body: unknown, userId: number): Promise<UnderlayImage> {
  // Counted first, so refused uploads count too: decoding is the expensive part.
  await countRead(pool, 'underlay-upload', userId, UNDERLAY_UPLOAD.perMinute);
  if (!(await floorplans.findFloorplan(pool, floorplanId))) throw notFound('The floorplan');
  if (!Buffer.isBuffer(body)) throw badInput(UNDERLAY_MESSAGES.notBytes);
  const image = await normaliseImage(body);
  return repo.insertUnderlay(pool, floorplanId, image, userId);
}

export async function readUnderlay(pool: pg.Pool, imageId: string, anyAdmin: boolean): Promise<repo.StoredUnderlay> {
  const image = await repo.findUnderlay(pool, imageId, anyAdmin);
  if (!image) throw notFound('The plan image');
  return image;
}

/**
 * A saved drawing's underlay must name an image uploaded for the same floorplan (an id from another
 * floor would show someone else's plan). Parses the stored JSON again only when it has an underlay.
 */
export async function requireOwnUnderlay(db: pg.Pool | pg.PoolClient, floorplanId: number, json: string): Promise<void> {
  if (!json.includes('"underlay":')) return;
  const imageId = (JSON.parse(json) as { underlay?: { imageId?: string } }).underlay?.imageId;
  if (imageId !== undefined && !(await repo.underlayBelongs(db, floorplanId, imageId))) {
    throw badInput(UNDERLAY_MESSAGES.notThisFloor, { 'underlay.imageId': UNDERLAY_MESSAGES.notThisFloor });
  }
}

