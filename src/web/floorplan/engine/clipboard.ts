/**
 * Copy, paste and duplicate. A clip is the copied elements' data (the editor's own clipboard: the
 * system clipboard would need a permission prompt and could not be trusted to hold a valid drawing).
 * Pasting gives desks and shapes new ids and desks new names continuing their pattern
 * (deskNames.ts), and selects what was pasted.
 *
 * Where: one grid step down-right of the source. A desk is two grid steps wide, so desks pasted
 * there would always land on their source; then the copy goes right of the source's box, then below
 * it. If none of these fits, the paste is refused with the overlap reason.
 */
import { CANVAS_SIZE, GRID } from '../../../domain/layout/constants.js';
import type { Desk, Door, Drawing, Rectangle, Shape, TextBox } from '../../../domain/layout/drawing.js';
import { deskLabel } from '../../../domain/layout/drawingBasics.js';
import { deskInsideCanvas, type Box } from '../../../domain/layout/deskGeometry.js';
import { DeskIndex } from './deskIndex.js';
import { nextFreeDeskName } from './deskNames.js';
import type { ElementRef } from './elements.js';
import { framesOf, unionBox } from './groupOps.js';

export interface Clip {
  desks: Desk[];
  shapes: Shape[];
  doors: Door[];
  text: TextBox[];
  floorRects: Rectangle[];
  roomRects: Rectangle[];
  /** Box around the copied elements' frames (where the next paste is placed from). */
  box: Box;
}

export const copyElements = (drawing: Drawing, refs: readonly ElementRef[]): Clip | null => {
  const frames = framesOf(drawing, refs);
  const box = unionBox([...frames.values()].map((f) => f.frame));
  if (!box) return null;
  const has = (key: string) => frames.has(key);
  return {
    desks: drawing.desks.filter((d) => has(`desk:${d.id}`)),
    shapes: drawing.floorplanShapes.filter((s) => has(`shape:${s.id}`)),
    doors: drawing.doors.filter((_, i) => has(`door:${i}`)),
    text: drawing.text.filter((_, i) => has(`text:${i}`)),
    floorRects: drawing.floorplanRectangles.filter((_, i) => has(`floorRect:${i}`)),
    roomRects: drawing.roomRectangles.filter((_, i) => has(`roomRect:${i}`)),
    box,
  };
};

export type PasteResult =
  | { ok: true; drawing: Drawing; refs: ElementRef[]; clip: Clip }
  | { ok: false; reason: string };

const shift = <T extends { x: number; y: number }>(items: readonly T[], dx: number, dy: number): T[] =>
  items.map((i) => ({ ...i, x: i.x + dx, y: i.y + dy }));

/** The clip moved by (dx, dy); null plus a reason when it does not fit. */
const placeAt = (clip: Clip, dx: number, dy: number, index: DeskIndex<Desk>): { reason: string } | null => {
  const b = clip.box;
  if (b.x + dx < 0 || b.y + dy < 0 || b.x + b.width + dx > CANVAS_SIZE || b.y + b.height + dy > CANVAS_SIZE) {
    return { reason: 'The pasted items would not fit on the canvas' };
  }
  for (const d of clip.desks) {
    const at = { x: d.x + dx, y: d.y + dy };
    if (!deskInsideCanvas(at)) return { reason: 'Desks must be placed on the canvas' };
    const other = index.overlapping(at);
    if (other) return { reason: `Desks cannot overlap: a pasted desk would overlap desk ${deskLabel(other)}` };
  }
  return null;
};

export const pasteClip = (drawing: Drawing, clip: Clip, newId: () => string): PasteResult => {
  const index = new DeskIndex(drawing.desks);
  const candidates: Array<[number, number]> = [
    [GRID, GRID],
    [clip.box.width + GRID, 0],
    [0, clip.box.height + GRID],
  ];
  let chosen: [number, number] | null = null;
  let reason = '';
  for (const [dx, dy] of candidates) {
    const problem = placeAt(clip, dx, dy, index);
    if (!problem) {
      chosen = [dx, dy];
      break;
    }
    reason ||= problem.reason;
  }
  if (!chosen) return { ok: false, reason };
  const [dx, dy] = chosen;

  const used = new Set(drawing.desks.map((d) => d.alias));
  const desks = shift(clip.desks, dx, dy).map((d) => {
    const alias = nextFreeDeskName(d.alias, used);
    used.add(alias);
    return { ...d, id: newId(), alias };
  });
  const shapes = shift(clip.shapes, dx, dy).map((s) => ({ ...s, id: newId() }));
  const doors = shift(clip.doors, dx, dy);
  const text = shift(clip.text, dx, dy);
  const floorRects = shift(clip.floorRects, dx, dy);
  const roomRects = shift(clip.roomRects, dx, dy);

  const refs: ElementRef[] = [
    ...floorRects.map((_, i): ElementRef => ({ kind: 'floorRect', index: drawing.floorplanRectangles.length + i })),
    ...roomRects.map((_, i): ElementRef => ({ kind: 'roomRect', index: drawing.roomRectangles.length + i })),
    ...shapes.map((s): ElementRef => ({ kind: 'shape', id: s.id })),
    ...text.map((_, i): ElementRef => ({ kind: 'text', index: drawing.text.length + i })),
    ...doors.map((_, i): ElementRef => ({ kind: 'door', index: drawing.doors.length + i })),
    ...desks.map((d): ElementRef => ({ kind: 'desk', id: d.id })),
  ];
  const next: Drawing = {
    ...drawing,
    desks: desks.length ? [...drawing.desks, ...desks] : drawing.desks,
    floorplanShapes: shapes.length ? [...drawing.floorplanShapes, ...shapes] : drawing.floorplanShapes,
    doors: doors.length ? [...drawing.doors, ...doors] : drawing.doors,
    text: text.length ? [...drawing.text, ...text] : drawing.text,
    floorplanRectangles: floorRects.length ? [...drawing.floorplanRectangles, ...floorRects] : drawing.floorplanRectangles,
    roomRectangles: roomRects.length ? [...drawing.roomRectangles, ...roomRects] : drawing.roomRectangles,
  };
  // The next paste of the same clip continues from this one, so repeated Ctrl+V lays copies out in a row.
  const pasted: Clip = { desks, shapes, doors, text, floorRects, roomRects, box: { ...clip.box, x: clip.box.x + dx, y: clip.box.y + dy } };
  return { ok: true, drawing: next, refs, clip: pasted };
};

