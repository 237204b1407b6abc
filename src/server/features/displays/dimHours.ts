import type pg from 'pg';
import { DEFAULT_DIM_FROM_MINUTES, DEFAULT_DIM_TO_MINUTES, hhmm, type SiteDisplayDim, type SiteDisplayDimInput } from '../../../domain/wire/displayDim.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';

/**
 * A site's auto-dim hours for its door displays (migration 0035). Both columns NULL: the default
 * 20:00-07:00; both equal: off. Read fresh with each door state (one indexed row), so a change reaches
 * the tablets with their next state answer.
 */
interface DimRow { from: number | null; to: number | null }

const view = (r: DimRow): SiteDisplayDim => (r.from === null || r.to === null
  ? { Dims: true, FromMinutes: DEFAULT_DIM_FROM_MINUTES, ToMinutes: DEFAULT_DIM_TO_MINUTES, IsDefault: true }
  : { Dims: r.from !== r.to, FromMinutes: r.from, ToMinutes: r.to, IsDefault: false });

const COLUMNS = 'display_dim_from_minutes AS "from", display_dim_to_minutes AS "to"';

export async function siteDisplayDim(deps: AppDeps, siteId: number): Promise<SiteDisplayDim> {
  const row = (await deps.pool.query<DimRow>(`SELECT ${COLUMNS} FROM sites WHERE id = $1 AND deleted_at IS NULL`, [siteId])).rows[0];
  if (!row) throw notFound('The site');
  return view(row);
}

/**
 * Saves the hours; off is stored as 0-0 (equal bounds). The default hours are stored as NULL again,
 * so a site set back to 20:00-07:00 follows the default. Input is checked by SiteDisplayDimInput.
 */
export async function changeSiteDisplayDim(deps: AppDeps, siteId: number, input: SiteDisplayDimInput): Promise<SiteDisplayDim> {
  const isDefault = input.Dims && input.FromMinutes === DEFAULT_DIM_FROM_MINUTES && input.ToMinutes === DEFAULT_DIM_TO_MINUTES;
  const [from, to] = isDefault ? [null, null] : input.Dims ? [input.FromMinutes, input.ToMinutes] : [0, 0];
  const row = (await deps.pool.query<DimRow>(
    `UPDATE sites SET display_dim_from_minutes = $2, display_dim_to_minutes = $3 WHERE id = $1 AND deleted_at IS NULL RETURNING ${COLUMNS}`,
    [siteId, from, to])).rows[0];
  if (!row) throw notFound('The site');
  return view(row);
}

/** The door state's DimFrom/DimTo ('HH:MM' on the site's clock; equal when off) for a room's site. */
export async function roomDimHours(db: pg.Pool, roomId: number): Promise<{ from: string; to: string }> {
  const row = (await db.query<DimRow>(
    `SELECT s.display_dim_from_minutes AS "from", s.display_dim_to_minutes AS "to"
     FROM rooms r JOIN locations l ON l.id = r.location_id JOIN sites s ON s.id = l.site_id WHERE r.id = $1`, [roomId])).rows[0];
  const v = view(row ?? { from: null, to: null });
  return { from: hhmm(v.FromMinutes), to: hhmm(v.ToMinutes) };
}
