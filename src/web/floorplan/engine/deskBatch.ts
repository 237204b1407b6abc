/**
 * Desk operations on many desks at once, for the desk block tool and renumbering: insert a set of
 * new desks (all or nothing) and rename several desks. Each is one drawing change (one undo step
 * in the editor). Checks use a bucket index, so a 200-desk block on a 2,000-desk floor is O(n + k).
 */
import { DESK_SIZE } from '../../../domain/layout/constants.js';
import { deskInsideCanvas } from '../../../domain/layout/deskGeometry.js';
import type { Desk, Drawing } from '../../../domain/layout/drawing.js';
import { deskLabel } from '../../../domain/layout/drawingBasics.js';
import { DeskIndex } from './deskIndex.js';
import type { EditResult } from './document.js';
import { drawingSchemas, STILL_LOADING } from './drawingSchemas.js';

export const addDesks = (drawing: Drawing, desks: readonly Desk[]): EditResult => {
  if (desks.length === 0) return { ok: false, reason: 'There are no desks to add' };
  const schemas = drawingSchemas();
  if (!schemas) return { ok: false, reason: STILL_LOADING };
  const ids = new Set(drawing.desks.map((d) => d.id));
  const names = new Set(drawing.desks.map((d) => d.alias).filter((a) => a !== ''));
  const index = new DeskIndex(drawing.desks);
  for (const desk of desks) {
    const parsed = schemas.deskSchema.safeParse(desk);
    if (!parsed.success) {
      return { ok: false, reason: `Desk ${deskLabel(desk)}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}` };
    }
    if (ids.has(desk.id)) return { ok: false, reason: `Desk id "${desk.id}" is already used` };
    if (desk.alias !== '' && names.has(desk.alias)) return { ok: false, reason: `The name ${desk.alias} is already used by another desk` };
    if (!deskInsideCanvas(desk)) return { ok: false, reason: `Desk ${deskLabel(desk)} would be outside the canvas` };
    const other = index.overlapping(desk);
    if (other) return { ok: false, reason: `Desks cannot overlap: desk ${deskLabel(desk)} would overlap desk ${deskLabel(other)}` };
    ids.add(desk.id);
    if (desk.alias !== '') names.add(desk.alias);
    index.add(desk);
  }
  return { ok: true, drawing: { ...drawing, desks: [...drawing.desks, ...desks] } };
};

/** Gives desks new names (desk id -> name). Refused if a desk is gone, a name is invalid, or two desks would share a name. */
export const renameDesks = (drawing: Drawing, names: ReadonlyMap<string, string>): EditResult => {
  if (names.size === 0) return { ok: true, drawing };
  const schemas = drawingSchemas();
  if (!schemas) return { ok: false, reason: STILL_LOADING };
  const known = new Set(drawing.desks.map((d) => d.id));
  for (const [id, alias] of names) {
    if (!known.has(id)) return { ok: false, reason: 'A desk to rename no longer exists' };
    const parsed = schemas.deskSchema.shape.alias.safeParse(alias);
    if (!parsed.success) return { ok: false, reason: `The name ${alias.slice(0, 20)}… is too long` };
  }
  const seen = new Map<string, string>();
  const desks = drawing.desks.map((d) => {
    const alias = names.get(d.id);
    return alias === undefined || alias === d.alias ? d : { ...d, alias };
  });
  for (const d of desks) {
    if (d.alias === '') continue;
    // Only a clash involving a renamed desk is refused: an old floor may already hold duplicates.
    const prior = seen.get(d.alias);
    if (prior !== undefined && (names.has(d.id) || names.has(prior))) return { ok: false, reason: `Two desks would both be named ${d.alias}` };
    seen.set(d.alias, d.id);
  }
  return { ok: true, drawing: { ...drawing, desks } };
};

/**
 * Desks in reading order: rows from top to bottom, each left to right. A desk joins the current row
 * when its centre is within half a desk (vertically) of the row's first desk.
 */
export const readingOrder = (desks: readonly Desk[]): Desk[] => {
  const byY = [...desks].sort((a, b) => a.y - b.y || a.x - b.x);
  const rows: Desk[][] = [];
  let rowY = -Infinity;
  for (const d of byY) {
    const cy = d.y + DESK_SIZE / 2;
    if (rows.length && cy - rowY <= DESK_SIZE / 2) rows.at(-1)!.push(d);
    else {
      rows.push([d]);
      rowY = cy;
    }
  }
  return rows.flatMap((row) => row.sort((a, b) => a.x - b.x));
};
