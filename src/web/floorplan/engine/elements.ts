/**
 * Element references and frames. Desks and shapes have ids; doors, text and rectangles have none in
 * the saved JSON (SPEC 3), so they are referred to by index. The selection is cleared or re-checked
 * whenever the drawing changes underneath it, so a stale index never edits the wrong element.
 */
import { DESK_SIZE } from '../../../domain/layout/constants.js';
import type { Desk, Drawing, FontSize } from '../../../domain/layout/drawing.js';

export type IndexedKind = 'door' | 'text' | 'floorRect' | 'roomRect';
export type ElementRef = { kind: 'desk'; id: string } | { kind: 'shape'; id: string } | { kind: IndexedKind; index: number };
export type ElementKind = ElementRef['kind'];

/** An element's box before rotation, and its rotation about the box centre. */
export interface Frame {
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
}

/** Doors are a fixed-size symbol (the JSON has no size for them). */
export const DOOR_SIZE = 30;
/** Text heights in canvas units per font size; the view renders with the same numbers. */
export const TEXT_FONT_UNITS: Record<FontSize, number> = { small: 12, large: 24 };
/** Shown for an empty text box (SPEC 5). */
export const TEXT_PLACEHOLDER = 'Text';
/** Average glyph width as a share of font size: good enough to hit-test text without a DOM. */
const GLYPH_WIDTH = 0.6;

export const textSize = (text: string, fontSize: FontSize): { width: number; height: number } => {
  const lines = (text === '' ? TEXT_PLACEHOLDER : text).split('\n');
  const longest = Math.max(...lines.map((l) => l.length), 1);
  const unit = TEXT_FONT_UNITS[fontSize];
  return { width: longest * unit * GLYPH_WIDTH, height: lines.length * unit * 1.2 };
};

export const sameRef = (a: ElementRef | null, b: ElementRef | null): boolean => {
  if (a === null || b === null) return a === b;
  if (a.kind !== b.kind) return false;
  return 'id' in a ? a.id === (b as { id: string }).id : a.index === (b as { index: number }).index;
};

export const LIST_OF: Record<IndexedKind, 'doors' | 'text' | 'floorplanRectangles' | 'roomRectangles'> = {
  door: 'doors',
  text: 'text',
  floorRect: 'floorplanRectangles',
  roomRect: 'roomRectangles',
};

/** The two rectangle lists, typed narrowly so code on rectangles gets Rectangle[] back. */
export const RECT_LIST = { floorRect: 'floorplanRectangles', roomRect: 'roomRectangles' } as const;
export type RectangleKind = keyof typeof RECT_LIST;

/** A desk's box: DESK_SIZE square at its place, turned about its centre. */
export const deskFrame = (d: Pick<Desk, 'x' | 'y' | 'rotation'>): Frame => ({ x: d.x, y: d.y, width: DESK_SIZE, height: DESK_SIZE, rotation: d.rotation });

export const elementFrame = (drawing: Drawing, ref: ElementRef): Frame | undefined => {
  switch (ref.kind) {
    case 'desk': {
      const d = drawing.desks.find((desk) => desk.id === ref.id);
      return d && deskFrame(d);
    }
    case 'shape': {
      const s = drawing.floorplanShapes.find((shape) => shape.id === ref.id);
      return s && { x: s.x, y: s.y, width: s.width, height: s.height, rotation: s.rotation };
    }
    case 'door': {
      const d = drawing.doors[ref.index];
      return d && { x: d.x, y: d.y, width: DOOR_SIZE, height: DOOR_SIZE, rotation: d.rotation };
    }
    case 'text': {
      const t = drawing.text[ref.index];
      return t && { x: t.x, y: t.y, ...textSize(t.text, t.fontSize), rotation: 0 };
    }
    case 'floorRect':
    case 'roomRect': {
      const r = drawing[RECT_LIST[ref.kind]][ref.index];
      return r && { x: r.x, y: r.y, width: r.width, height: r.height, rotation: r.rotation };
    }
  }
};

export const elementExists = (drawing: Drawing, ref: ElementRef): boolean => elementFrame(drawing, ref) !== undefined;

/** Text has no rotation in the JSON, so it gets no rotation handle. */
export const isRotatable = (ref: ElementRef): boolean => ref.kind !== 'text';

export const frameCenter = (f: Frame): { x: number; y: number } => ({ x: f.x + f.width / 2, y: f.y + f.height / 2 });

/** A string that names one element, for Set/Map lookups of the selection ("desk:abc", "text:3"). */
export const refKey = (ref: ElementRef): string => ('id' in ref ? `${ref.kind}:${ref.id}` : `${ref.kind}:${ref.index}`);

/** Every element of a drawing, in paint order (bottom first): what Ctrl+A selects. */
export const allRefs = (drawing: Drawing): ElementRef[] => [
  ...drawing.floorplanRectangles.map((_, index): ElementRef => ({ kind: 'floorRect', index })),
  ...drawing.roomRectangles.map((_, index): ElementRef => ({ kind: 'roomRect', index })),
  ...drawing.floorplanShapes.map((s): ElementRef => ({ kind: 'shape', id: s.id })),
  ...drawing.text.map((_, index): ElementRef => ({ kind: 'text', index })),
  ...drawing.doors.map((_, index): ElementRef => ({ kind: 'door', index })),
  ...drawing.desks.map((d): ElementRef => ({ kind: 'desk', id: d.id })),
];

/** The axis-aligned box of a frame after its rotation (what a marquee and align compare against). */
export const frameBounds = (f: Frame): { x: number; y: number; width: number; height: number } => {
  if (f.rotation % 180 === 0) return { x: f.x, y: f.y, width: f.width, height: f.height };
  const r = (f.rotation * Math.PI) / 180;
  const cos = Math.abs(Math.cos(r));
  const sin = Math.abs(Math.sin(r));
  const width = f.width * cos + f.height * sin;
  const height = f.width * sin + f.height * cos;
  const c = frameCenter(f);
  return { x: c.x - width / 2, y: c.y - height / 2, width, height };
};

/** Calls `visit` with every element's ref and frame, one pass, no lookups (marquee hit-testing). */
export const forEachFrame = (drawing: Drawing, visit: (ref: ElementRef, frame: Frame) => void): void => {
  drawing.floorplanRectangles.forEach((r, index) => visit({ kind: 'floorRect', index }, { x: r.x, y: r.y, width: r.width, height: r.height, rotation: r.rotation }));
  drawing.roomRectangles.forEach((r, index) => visit({ kind: 'roomRect', index }, { x: r.x, y: r.y, width: r.width, height: r.height, rotation: r.rotation }));
  for (const s of drawing.floorplanShapes) visit({ kind: 'shape', id: s.id }, { x: s.x, y: s.y, width: s.width, height: s.height, rotation: s.rotation });
  drawing.text.forEach((t, index) => visit({ kind: 'text', index }, { x: t.x, y: t.y, ...textSize(t.text, t.fontSize), rotation: 0 }));
  drawing.doors.forEach((d, index) => visit({ kind: 'door', index }, { x: d.x, y: d.y, width: DOOR_SIZE, height: DOOR_SIZE, rotation: d.rotation }));
  for (const d of drawing.desks) visit({ kind: 'desk', id: d.id }, deskFrame(d));
};

/** The refs that still exist in `drawing`, in the same order (a selection after the drawing changed). */
export const existingRefs = (drawing: Drawing, refs: readonly ElementRef[]): ElementRef[] => {
  let deskIds: Set<string> | null = null;
  let shapeIds: Set<string> | null = null;
  return refs.filter((ref) => {
    if (ref.kind === 'desk') return (deskIds ??= new Set(drawing.desks.map((d) => d.id))).has(ref.id);
    if (ref.kind === 'shape') return (shapeIds ??= new Set(drawing.floorplanShapes.map((s) => s.id))).has(ref.id);
    return ref.index >= 0 && ref.index < drawing[LIST_OF[ref.kind]].length;
  });
};
