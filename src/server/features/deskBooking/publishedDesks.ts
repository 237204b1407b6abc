import type pg from 'pg';
import { ReadCache } from '../../db/readCache.js';

/** x, y: the desk's top-left corner in drawing units ("near my team" measures between desks). */
export interface DeskFacts { id: string; name: string; bookable: boolean; assignedTeams: number[]; x: number; y: number }

/**
 * Desks of a published layout, parsed once per layout version and kept in memory: a 5,000-desk
 * drawing is about a megabyte of JSON, too much to fetch and parse for every booking. The key includes
 * updated_at, so a changed layout is read again; every instance keeps its own copy.
 */
const layouts = new ReadCache<Map<string, DeskFacts>>(200);

export function publishedDesks(db: pg.Pool, layoutId: number, updatedAt: Date): Promise<Map<string, DeskFacts>> {
  return layouts.get(db, `${layoutId}@${updatedAt.getTime()}`, () =>
    db.query<{ json: string }>('SELECT json FROM layouts WHERE id = $1', [layoutId]).then((r) => desksOf(r.rows[0]?.json ?? '{}')));
}

/** Reads just the desk facts booking needs; a drawing was validated when it was saved. */
export function desksOf(json: string): Map<string, DeskFacts> {
  const drawing = JSON.parse(json) as { desks?: Array<Record<string, unknown>> };
  const desks = new Map<string, DeskFacts>();
  for (const d of drawing.desks ?? []) {
    const id = String(d['id']);
    desks.set(id, {
      id,
      name: typeof d['alias'] === 'string' && d['alias'] !== '' ? d['alias'] : id,
      bookable: d['bookable'] === true,
      assignedTeams: Array.isArray(d['assignedTeams']) ? d['assignedTeams'].map(Number) : [],
      x: Number(d['x']) || 0, y: Number(d['y']) || 0,
    });
  }
  return desks;
}
