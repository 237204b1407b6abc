/**
 * The desk map's view rules (issue 20): how far it zooms, how the whole drawing is bounded for the
 * first fit, and which desks get their names drawn. Pure, so they are tested without a browser.
 */
import { DESK_SIZE } from '../../../domain/layout/constants.js';
import type { Desk, Drawing } from '../../../domain/layout/drawing.js';
import { DOOR_SIZE, TEXT_FONT_UNITS } from '../engine/elements.js';
import type { Box } from '../engine/geometry.js';

/**
 * Zoom of the desk map: SPEC 9's 0.1 at the far end; the near end goes past SPEC's 1 (a 20 px desk,
 * too small to read a name in, issue 20) to 3, where a desk is 60 px and its name is comfortably read.
 */
export const MAP_ZOOM = { min: 0.1, max: 3 } as const;
/** The zoom a desk brought into view on purpose (?desk=, a choice from the list) is shown at, at least. */
export const FOCUS_ZOOM = 2;
/** Each press of + or − multiplies or divides the zoom by this. */
export const MAP_ZOOM_FACTOR = 1.25;

export const clampMapZoom = (zoom: number): number =>
  Number.isFinite(zoom) ? Math.round(Math.min(MAP_ZOOM.max, Math.max(MAP_ZOOM.min, zoom)) * 1000) / 1000 : 1;

/** Everything drawn: desks, text (its lines measured roughly), floor spaces, rooms, shapes and doors, rotations included. */
export function drawingBounds(drawing: Drawing): Box | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  // A box rotated about its centre spans the centre +- its half sizes projected on the axes: no corner
  // points to make. On a 5,000-desk floor this runs once, before the first paint, mostly not yet compiled.
  const addBox = (x: number, y: number, w: number, h: number, rotation = 0) => {
    let left = x;
    let top = y;
    let right = x + w;
    let bottom = y + h;
    if (rotation % 180 !== 0) {
      const r = (rotation * Math.PI) / 180;
      const cos = Math.abs(Math.cos(r));
      const sin = Math.abs(Math.sin(r));
      const hw = (w / 2) * cos + (h / 2) * sin;
      const hh = (w / 2) * sin + (h / 2) * cos;
      left = x + w / 2 - hw;
      right = x + w / 2 + hw;
      top = y + h / 2 - hh;
      bottom = y + h / 2 + hh;
    }
    if (left < minX) minX = left;
    if (top < minY) minY = top;
    if (right > maxX) maxX = right;
    if (bottom > maxY) maxY = bottom;
  };
  for (const d of drawing.desks) addBox(d.x, d.y, DESK_SIZE, DESK_SIZE, d.rotation);
  for (const r of [...drawing.floorplanRectangles, ...drawing.roomRectangles]) addBox(r.x, r.y, r.width, r.height, r.rotation);
  for (const s of drawing.floorplanShapes) addBox(s.x, s.y, s.width, s.height, s.rotation);
  for (const d of drawing.doors) addBox(d.x, d.y, DOOR_SIZE, DOOR_SIZE, d.rotation);
  for (const t of drawing.text) {
    const size = TEXT_FONT_UNITS[t.fontSize];
    const lines = (t.text || 'Text').split('\n');
    // An average glyph is ~0.6 em wide: enough to keep a heading inside the first view.
    const width = Math.max(...lines.map((l) => l.length)) * size * 0.6;
    addBox(t.x, t.y, width, size * (1 + 1.2 * (lines.length - 1)) + size * 0.3);
  }
  return Number.isFinite(minX) ? { x: minX, y: minY, width: maxX - minX, height: maxY - minY } : null;
}

/** Names are drawn only this big on screen or bigger (px). */
export const LABEL_MIN_PX = 9;
/** ...and never bigger than this (canvas units), so a short name does not fill its desk edge to edge. */
const LABEL_MAX_UNITS = 7;
/** Average glyph width of the label font, in em. */
const GLYPH_EM = 0.62;

/** The name drawn inside a desk: 'Desk 12' is drawn '12' (the box already says it is a desk). */
export const shortDeskName = (name: string): string => name.replace(/^desk\s+/i, '').trim() || name;

/** The font size (canvas units) that fits `text` across a desk box. */
export const labelFontUnits = (text: string): number =>
  Math.min(LABEL_MAX_UNITS, (DESK_SIZE - 3) / (Math.max(text.length, 1) * GLYPH_EM));

/** Whether `text` can be drawn inside a desk at this zoom and still be read. */
export const labelFits = (text: string, zoom: number): boolean => labelFontUnits(text) * zoom >= LABEL_MIN_PX;

/** The smallest zoom at which a desk name of `length` characters is drawn. */
export const zoomToRead = (length: number): number => LABEL_MIN_PX / labelFontUnits('x'.repeat(length));

/** A view of the canvas (canvas units). */
export interface CanvasView { x: number; y: number; width: number; height: number }

/** The desks whose box touches the view (the labels layer draws only those: a few hundred at most when names fit). */
export function desksInView<D extends Pick<Desk, 'x' | 'y'>>(desks: readonly D[], view: CanvasView): D[] {
  const right = view.x + view.width;
  const bottom = view.y + view.height;
  const found: D[] = [];
  for (const d of desks) {
    if (d.x + DESK_SIZE >= view.x && d.x <= right && d.y + DESK_SIZE >= view.y && d.y <= bottom) found.push(d);
  }
  return found;
}

/** The view grown by half its size on each side: scrolling within it draws no new labels. */
export const withMargin = (v: CanvasView): CanvasView => ({ x: v.x - v.width / 2, y: v.y - v.height / 2, width: v.width * 2, height: v.height * 2 });

/** True when `inner` lies inside `outer`. */
export const viewInside = (inner: CanvasView, outer: CanvasView): boolean =>
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;

/**
 * Where to scroll (the canvas point at the view's top-left) and zoom to show `desk` centred and close
 * enough to read, from a view whose top-left is (x, y) at `zoom`; null when the desk is already wholly
 * in that view at a zoom as close as FOCUS_ZOOM.
 */
export function focusTarget(desk: Pick<Desk, 'x' | 'y'>, size: { width: number; height: number }, view: { x: number; y: number; zoom: number }):
  { x: number; y: number; zoom: number } | null {
  const zoom = Math.max(view.zoom, FOCUS_ZOOM);
  const seen = { x: view.x, y: view.y, width: size.width / view.zoom, height: size.height / view.zoom };
  const inView = zoom === view.zoom && desk.x >= seen.x && desk.y >= seen.y
    && desk.x + DESK_SIZE <= seen.x + seen.width && desk.y + DESK_SIZE <= seen.y + seen.height;
  if (inView) return null;
  return {
    x: Math.max(0, desk.x + DESK_SIZE / 2 - size.width / 2 / zoom),
    y: Math.max(0, desk.y + DESK_SIZE / 2 - size.height / 2 / zoom),
    zoom,
  };
}
