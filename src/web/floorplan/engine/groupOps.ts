/**
 * Operations on many elements at once (a multi-selection): move, rotate about the group centre,
 * align, distribute. Each computes a new top-left (and rotation) per element, checks the result
 * once (desks on the canvas, no desk overlaps, through a bucket index so it is O(n + k)), and
 * applies all placements in ONE pass over each list. Never mutates; refused results say why.
 */
import { CANVAS_SIZE } from '../../../domain/layout/constants.js';
import { deskInsideCanvas, type Box } from '../../../domain/layout/deskGeometry.js';
import type { Desk, Drawing } from '../../../domain/layout/drawing.js';
import { deskLabel } from '../../../domain/layout/drawingBasics.js';
import { DeskIndex } from './deskIndex.js';
import type { EditResult } from './document.js';
import { LIST_OF, deskFrame, elementFrame, frameBounds, frameCenter, refKey, type ElementRef, type Frame, type IndexedKind } from './elements.js';
import { clamp, normalizeRotation, rotatePoint, type Point } from './geometry.js';

export interface Placement {
  x: number;
  y: number;
  rotation?: number;
}

const refused = (reason: string): EditResult => ({ ok: false, reason });

/** The frames of many elements with one pass over the desk and shape lists (not one find per element). */
export const framesOf = (drawing: Drawing, refs: readonly ElementRef[]): Map<string, { ref: ElementRef; frame: Frame }> => {
  const out = new Map<string, { ref: ElementRef; frame: Frame }>();
  const wantDesks = new Set<string>();
  const wantShapes = new Set<string>();
  for (const ref of refs) {
    if (ref.kind === 'desk') wantDesks.add(ref.id);
    else if (ref.kind === 'shape') wantShapes.add(ref.id);
    else {
      const frame = elementFrame(drawing, ref);
      if (frame) out.set(refKey(ref), { ref, frame });
    }
  }
  if (wantDesks.size) {
    for (const d of drawing.desks) if (wantDesks.has(d.id)) out.set(`desk:${d.id}`, { ref: { kind: 'desk', id: d.id }, frame: deskFrame(d) });
  }
  if (wantShapes.size) {
    for (const s of drawing.floorplanShapes) {
      if (wantShapes.has(s.id)) out.set(`shape:${s.id}`, { ref: { kind: 'shape', id: s.id }, frame: { x: s.x, y: s.y, width: s.width, height: s.height, rotation: s.rotation } });
    }
  }
  return out;
};

/** The box around the elements' unrotated frames (what keeps a moved group on the canvas). */
export const unionBox = (frames: Iterable<Frame>, rotated = false): Box | null => {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const f of frames) {
    const b = rotated ? frameBounds(f) : f;
    minX = Math.min(minX, b.x);
    minY = Math.min(minY, b.y);
    maxX = Math.max(maxX, b.x + b.width);
    maxY = Math.max(maxY, b.y + b.height);
  }
  return minX === Infinity ? null : { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
};

const INDEXED: IndexedKind[] = ['door', 'text', 'floorRect', 'roomRect'];

/** Writes the placements (keyed by refKey) into a new drawing: one pass over each touched list. */
export const applyPlacements = (drawing: Drawing, placements: ReadonlyMap<string, Placement>): Drawing => {
  if (placements.size === 0) return drawing;
  const kinds = new Set<string>();
  for (const key of placements.keys()) kinds.add(key.slice(0, key.indexOf(':')));
  const place = <T extends { x: number; y: number }>(item: T, p: Placement | undefined, turn: (r: number) => number): T => {
    if (!p) return item;
    const next = { ...item, x: p.x, y: p.y };
    if (p.rotation !== undefined && 'rotation' in item) (next as T & { rotation: number }).rotation = turn(p.rotation);
    return next;
  };
  const free = (r: number) => ((r % 360) + 360) % 360;
  let next: Drawing = drawing;
  if (kinds.has('desk')) next = { ...next, desks: next.desks.map((d) => place(d, placements.get(`desk:${d.id}`), (r) => normalizeRotation(r))) };
  if (kinds.has('shape')) next = { ...next, floorplanShapes: next.floorplanShapes.map((s) => place(s, placements.get(`shape:${s.id}`), free)) };
  for (const kind of INDEXED) {
    if (!kinds.has(kind)) continue;
    const key = LIST_OF[kind];
    next = { ...next, [key]: (next[key] as Array<{ x: number; y: number }>).map((item, i) => place(item, placements.get(`${kind}:${i}`), free)) };
  }
  return next;
};

/**
 * Refuses placements that put a desk off the canvas or onto another desk (moved desks are checked
 * against the desks that stay and against each other), or any other element off the canvas.
 */
export const checkPlacements = (
  drawing: Drawing,
  placements: ReadonlyMap<string, Placement>,
  frames: ReadonlyMap<string, { frame: Frame }>,
): string | null => {
  const moving: Desk[] = [];
  for (const d of drawing.desks) {
    const p = placements.get(`desk:${d.id}`);
    if (p) moving.push({ ...d, x: p.x, y: p.y });
  }
  if (moving.length) {
    const movingIds = new Set(moving.map((d) => d.id));
    const staying = new DeskIndex(drawing.desks.filter((d) => !movingIds.has(d.id)));
    const placed = new DeskIndex<Desk>();
    for (const d of moving) {
      if (!deskInsideCanvas(d)) return 'Desks must be placed on the canvas';
      const other = staying.overlapping(d) ?? placed.overlapping(d);
      if (other) return `Desks cannot overlap: desk ${deskLabel(d)} would overlap desk ${deskLabel(other)}`;
      placed.add(d);
    }
  }
  for (const [key, p] of placements) {
    if (key.startsWith('desk:')) continue;
    const f = frames.get(key)?.frame;
    if (!f) continue;
    if (p.x < 0 || p.y < 0 || p.x + f.width > CANVAS_SIZE || p.y + f.height > CANVAS_SIZE) return 'Everything must stay on the canvas';
  }
  return null;
};

const placeAll = (drawing: Drawing, placements: Map<string, Placement>, frames: ReadonlyMap<string, { frame: Frame }>): EditResult => {
  const reason = checkPlacements(drawing, placements, frames);
  return reason ? refused(reason) : { ok: true, drawing: applyPlacements(drawing, placements) };
};

// ---------- move (the drag hot path) ----------

/**
 * A group drag prepared once at its start: the start frames, the box kept on the canvas, and an
 * index of the desks that do not move. Each pointer move then costs O(k) checks plus one map over
 * the lists, never a scan of the floor per moving desk.
 */
export interface GroupMove {
  frames: Map<string, { ref: ElementRef; frame: Frame }>;
  box: Box;
  staying: DeskIndex<Desk>;
  movingDesks: Array<{ key: string; desk: Desk }>;
}

export const prepareGroupMove = (drawing: Drawing, refs: readonly ElementRef[]): GroupMove | null => {
  const frames = framesOf(drawing, refs);
  const box = unionBox([...frames.values()].map((f) => f.frame));
  if (!box) return null;
  const movingDesks: GroupMove['movingDesks'] = [];
  const stayingDesks: Desk[] = [];
  for (const d of drawing.desks) {
    if (frames.has(`desk:${d.id}`)) movingDesks.push({ key: `desk:${d.id}`, desk: d });
    else stayingDesks.push(d);
  }
  return { frames, box, staying: new DeskIndex(stayingDesks), movingDesks };
};

/** Keeps a delta from pushing the group's box off the canvas. */
export const clampDelta = (box: Box, dx: number, dy: number): Point => ({
  x: clamp(dx, -box.x, CANVAS_SIZE - box.x - box.width),
  y: clamp(dy, -box.y, CANVAS_SIZE - box.y - box.height),
});

/**
 * The group moved by (dx, dy) from `base` (the drawing the drag started on), kept on the canvas.
 * Refused when a moving desk would land on a desk that stays: the caller keeps the last good place.
 * Moving desks keep their relative places, so they cannot overlap each other.
 */
export const moveGroup = (base: Drawing, g: GroupMove, dx: number, dy: number): EditResult => {
  const d = clampDelta(g.box, dx, dy);
  if (d.x === 0 && d.y === 0) return { ok: true, drawing: base };
  for (const { desk } of g.movingDesks) {
    const other = g.staying.overlapping({ x: desk.x + d.x, y: desk.y + d.y });
    if (other) return refused(`Desks cannot overlap: desk ${deskLabel(desk)} would overlap desk ${deskLabel(other)}`);
  }
  const placements = new Map<string, Placement>();
  for (const [key, { frame }] of g.frames) placements.set(key, { x: frame.x + d.x, y: frame.y + d.y });
  return { ok: true, drawing: applyPlacements(base, placements) };
};

// ---------- rotate, align, distribute ----------

/** Turns the elements by `degrees` about the centre of their box; desks keep whole degrees and positions. */
export const rotateGroup = (drawing: Drawing, refs: readonly ElementRef[], degrees: number): EditResult => {
  const frames = framesOf(drawing, refs);
  const box = unionBox([...frames.values()].map((f) => f.frame), true);
  if (!box) return { ok: true, drawing };
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const placements = new Map<string, Placement>();
  for (const [key, { ref, frame }] of frames) {
    const c = rotatePoint(frameCenter(frame), centre, degrees);
    const round = ref.kind === 'desk' ? Math.round : (v: number) => Math.round(v * 100) / 100;
    placements.set(key, {
      x: round(c.x - frame.width / 2),
      y: round(c.y - frame.height / 2),
      ...(ref.kind === 'text' ? {} : { rotation: frame.rotation + degrees }),
    });
  }
  return placeAll(drawing, placements, frames);
};

export const ALIGNMENTS = ['left', 'centre', 'right', 'top', 'middle', 'bottom'] as const;
export type Alignment = (typeof ALIGNMENTS)[number];

/** Lines the elements' (rotated) boxes up on one edge or centre of the selection's box. */
export const alignGroup = (drawing: Drawing, refs: readonly ElementRef[], how: Alignment): EditResult => {
  const frames = framesOf(drawing, refs);
  const box = unionBox([...frames.values()].map((f) => f.frame), true);
  if (!box || frames.size < 2) return { ok: true, drawing };
  const placements = new Map<string, Placement>();
  for (const [key, { frame }] of frames) {
    const b = frameBounds(frame);
    let dx = 0;
    let dy = 0;
    if (how === 'left') dx = box.x - b.x;
    else if (how === 'right') dx = box.x + box.width - (b.x + b.width);
    else if (how === 'centre') dx = box.x + box.width / 2 - (b.x + b.width / 2);
    else if (how === 'top') dy = box.y - b.y;
    else if (how === 'bottom') dy = box.y + box.height - (b.y + b.height);
    else dy = box.y + box.height / 2 - (b.y + b.height / 2);
    dx = Math.round(dx);
    dy = Math.round(dy);
    if (dx !== 0 || dy !== 0) placements.set(key, { x: frame.x + dx, y: frame.y + dy });
  }
  return placeAll(drawing, placements, frames);
};

/**
 * Spreads 3+ elements so the gaps between neighbouring boxes are equal along one axis; the first
 * and last (by position) stay where they are.
 */
export const distributeGroup = (drawing: Drawing, refs: readonly ElementRef[], axis: 'horizontal' | 'vertical'): EditResult => {
  const frames = framesOf(drawing, refs);
  if (frames.size < 3) return { ok: true, drawing };
  const h = axis === 'horizontal';
  const items = [...frames.entries()].map(([key, { frame }]) => ({ key, frame, b: frameBounds(frame) }));
  const start = (b: Box) => (h ? b.x : b.y);
  const size = (b: Box) => (h ? b.width : b.height);
  items.sort((a, b) => start(a.b) + size(a.b) / 2 - (start(b.b) + size(b.b) / 2));
  const first = items[0]!;
  const last = items.at(-1)!;
  const span = start(last.b) + size(last.b) - start(first.b);
  const total = items.reduce((sum, i) => sum + size(i.b), 0);
  const gap = (span - total) / (items.length - 1);
  const placements = new Map<string, Placement>();
  let at = start(first.b);
  for (const item of items) {
    const delta = Math.round(at - start(item.b));
    if (delta !== 0) placements.set(item.key, h ? { x: item.frame.x + delta, y: item.frame.y } : { x: item.frame.x, y: item.frame.y + delta });
    at += size(item.b) + gap;
  }
  return placeAll(drawing, placements, frames);
};

/** Arrow-key nudge: the group moved by (dx, dy), refused (not clamped) when it would leave the canvas or hit a desk. */
export const nudgeGroup = (drawing: Drawing, refs: readonly ElementRef[], dx: number, dy: number): EditResult => {
  const frames = framesOf(drawing, refs);
  const placements = new Map<string, Placement>();
  for (const [key, { frame }] of frames) placements.set(key, { x: frame.x + dx, y: frame.y + dy });
  return placeAll(drawing, placements, frames);
};
