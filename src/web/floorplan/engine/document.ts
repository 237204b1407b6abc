/**
 * Drawing operations. Each takes a drawing and returns a NEW drawing (never mutating), which is what
 * lets history keep whole drawings cheaply (unchanged lists are shared) and lets Escape restore.
 * Operations that can be refused return an EditResult with a message the view can show.
 */
import { CANVAS_SIZE, DESK_SIZE } from '../../../domain/layout/constants.js';
import { clampDeskPosition, deskInsideCanvas, findOverlappingDesk } from '../../../domain/layout/deskGeometry.js';
import type { Desk, Door, Drawing, Rectangle, Shape, TextBox } from '../../../domain/layout/drawing.js';
import { deskLabel } from '../../../domain/layout/drawingBasics.js';
import { drawingSchemas, STILL_LOADING } from './drawingSchemas.js';
import { LIST_OF, RECT_LIST, elementFrame, refKey, type ElementRef, type RectangleKind } from './elements.js';
import { clamp, normalizeRotation, type Point } from './geometry.js';

export type EditResult = { ok: true; drawing: Drawing } | { ok: false; reason: string };

const ok = (drawing: Drawing): EditResult => ({ ok: true, drawing });
const refused = (reason: string): EditResult => ({ ok: false, reason });

export type { RectangleKind };

// ---------- desks ----------

const overlapReason = (other: Desk): string => `Desks cannot overlap: this would overlap desk ${deskLabel(other)}`;

/** "Desk N" with the lowest N not already used, so new desks get readable, unique names. */
export const nextDeskAlias = (drawing: Drawing): string => {
  const used = new Set(drawing.desks.map((d) => d.alias));
  let n = drawing.desks.length + 1;
  while (used.has(`Desk ${n}`)) n++;
  return `Desk ${n}`;
};

export const addDesk = (drawing: Drawing, desk: Desk): EditResult => {
  if (drawing.desks.some((d) => d.id === desk.id)) return refused(`Desk id "${desk.id}" is already used`);
  if (!deskInsideCanvas(desk)) return refused('Desks must be placed on the canvas');
  const other = findOverlappingDesk(drawing.desks, desk);
  if (other) return refused(overlapReason(other));
  return ok({ ...drawing, desks: [...drawing.desks, desk] });
};

const replaceDesk = (drawing: Drawing, id: string, next: Desk): Drawing => ({
  ...drawing,
  desks: drawing.desks.map((d) => (d.id === id ? next : d)),
});

/** Moves a desk, refusing a place that overlaps another desk. Off-canvas positions are clamped. */
export const moveDesk = (drawing: Drawing, id: string, to: Point): EditResult => {
  const desk = drawing.desks.find((d) => d.id === id);
  if (!desk) return refused('That desk no longer exists');
  const at = clampDeskPosition(to);
  if (at.x === desk.x && at.y === desk.y) return ok(drawing);
  const other = findOverlappingDesk(drawing.desks, at, id);
  if (other) return refused(overlapReason(other));
  return ok(replaceDesk(drawing, id, { ...desk, ...at }));
};

export type DeskPatch = Partial<Omit<Desk, 'id'>>;

/** The desk editor's save: every field re-checked by the shared schema, position by the overlap rule. */
export const updateDesk = (drawing: Drawing, id: string, patch: DeskPatch, snapping = false): EditResult => {
  const desk = drawing.desks.find((d) => d.id === id);
  if (!desk) return refused('That desk no longer exists');
  const rotation = normalizeRotation(patch.rotation ?? desk.rotation, snapping && patch.rotation !== undefined);
  const candidate = { ...desk, ...patch, id, rotation };
  const schemas = drawingSchemas();
  if (!schemas) return refused(STILL_LOADING);
  const parsed = schemas.deskSchema.safeParse(candidate);
  if (!parsed.success) return refused(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  const next = parsed.data;
  if (next.x !== desk.x || next.y !== desk.y) {
    if (!deskInsideCanvas(next)) return refused('Desks must be placed on the canvas');
    const other = findOverlappingDesk(drawing.desks, next, id);
    if (other) return refused(overlapReason(other));
  }
  return ok(replaceDesk(drawing, id, next));
};

// ---------- other elements ----------

export const addDoor = (drawing: Drawing, door: Door): Drawing => ({ ...drawing, doors: [...drawing.doors, door] });

export const addText = (drawing: Drawing, text: TextBox): Drawing => ({ ...drawing, text: [...drawing.text, text] });

export const updateText = (drawing: Drawing, index: number, patch: Partial<Pick<TextBox, 'text' | 'fontSize'>>): EditResult => {
  const current = drawing.text[index];
  if (!current) return refused('That text no longer exists');
  const schemas = drawingSchemas();
  if (!schemas) return refused(STILL_LOADING);
  const parsed = schemas.textSchema.safeParse({ ...current, ...patch });
  if (!parsed.success) return refused(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  return ok({ ...drawing, text: drawing.text.map((t, i) => (i === index ? parsed.data : t)) });
};

export const addRectangle = (drawing: Drawing, kind: RectangleKind, rect: Rectangle): Drawing => {
  const key = RECT_LIST[kind];
  return { ...drawing, [key]: [...drawing[key], rect] };
};

export const addShape = (drawing: Drawing, shape: Shape): Drawing => ({
  ...drawing,
  floorplanShapes: [...drawing.floorplanShapes, shape],
});

// ---------- any element ----------

const replaceAt = <T>(list: readonly T[], index: number, f: (item: T) => T): T[] =>
  list.map((item, i) => (i === index ? f(item) : item));

/**
 * Moves an element so its box's top-left is `to`, kept on the canvas. Desks go through moveDesk
 * (overlap refusal); nothing else may be refused.
 */
export const moveElement = (drawing: Drawing, ref: ElementRef, to: Point): EditResult => {
  if (ref.kind === 'desk') return moveDesk(drawing, ref.id, to);
  const frame = elementFrame(drawing, ref);
  if (!frame) return refused('That item no longer exists');
  const x = clamp(to.x, 0, Math.max(CANVAS_SIZE - frame.width, 0));
  const y = clamp(to.y, 0, Math.max(CANVAS_SIZE - frame.height, 0));
  const place = <T extends Point>(item: T): T => ({ ...item, x, y });
  switch (ref.kind) {
    case 'shape':
      return ok({ ...drawing, floorplanShapes: drawing.floorplanShapes.map((s) => (s.id === ref.id ? place(s) : s)) });
    case 'door':
      return ok({ ...drawing, doors: replaceAt(drawing.doors, ref.index, place) });
    case 'text':
      return ok({ ...drawing, text: replaceAt(drawing.text, ref.index, place) });
    case 'floorRect':
    case 'roomRect': {
      const key = RECT_LIST[ref.kind];
      return ok({ ...drawing, [key]: replaceAt(drawing[key], ref.index, place) });
    }
  }
};

/** Sets an element's rotation (already wrapped by the caller). Text has no rotation and is left as is. */
export const rotateElement = (drawing: Drawing, ref: ElementRef, rotation: number): Drawing => {
  const turn = <T extends { rotation: number }>(item: T): T => ({ ...item, rotation });
  switch (ref.kind) {
    case 'desk':
      return { ...drawing, desks: drawing.desks.map((d) => (d.id === ref.id ? turn(d) : d)) };
    case 'shape':
      return { ...drawing, floorplanShapes: drawing.floorplanShapes.map((s) => (s.id === ref.id ? turn(s) : s)) };
    case 'door':
      return { ...drawing, doors: replaceAt(drawing.doors, ref.index, turn) };
    case 'text':
      return drawing;
    case 'floorRect':
    case 'roomRect': {
      const key = RECT_LIST[ref.kind];
      return { ...drawing, [key]: replaceAt(drawing[key], ref.index, turn) };
    }
  }
};

export const deleteElement = (drawing: Drawing, ref: ElementRef): Drawing => {
  switch (ref.kind) {
    case 'desk':
      return { ...drawing, desks: drawing.desks.filter((d) => d.id !== ref.id) };
    case 'shape':
      return { ...drawing, floorplanShapes: drawing.floorplanShapes.filter((s) => s.id !== ref.id) };
    default: {
      const key = LIST_OF[ref.kind];
      return { ...drawing, [key]: (drawing[key] as unknown[]).filter((_, i) => i !== ref.index) };
    }
  }
};

/** Top-left of a desk whose centre is under the pointer: the Desk tool places desks where you click. */
export const deskTopLeftFor = (pointer: Point): Point => ({ x: pointer.x - DESK_SIZE / 2, y: pointer.y - DESK_SIZE / 2 });

/** Deletes many elements in one change (a multi-selection's Delete). Indexes refer to `drawing`. */
export const deleteElements = (drawing: Drawing, refs: readonly ElementRef[]): Drawing => {
  const keys = new Set(refs.map(refKey));
  const keep = (kind: string) => (_: unknown, i: number) => !keys.has(`${kind}:${i}`);
  let next = drawing;
  if (refs.some((r) => r.kind === 'desk')) next = { ...next, desks: next.desks.filter((d) => !keys.has(`desk:${d.id}`)) };
  if (refs.some((r) => r.kind === 'shape')) next = { ...next, floorplanShapes: next.floorplanShapes.filter((s) => !keys.has(`shape:${s.id}`)) };
  for (const kind of ['door', 'text', 'floorRect', 'roomRect'] as const) {
    if (!refs.some((r) => r.kind === kind)) continue;
    const key = LIST_OF[kind];
    next = { ...next, [key]: (next[key] as unknown[]).filter(keep(kind)) };
  }
  return next;
};
