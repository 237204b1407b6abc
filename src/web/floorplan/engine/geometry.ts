/**
 * Pure geometry for the editor: snapping, rotation wrap, zoom and handle clamps, fitting desks to
 * the screen. Desk-specific rules (box, overlap, rotation normalisation) live in the shared domain
 * module so the server refuses exactly what the editor refuses; they are re-exported here.
 */
import { CANVAS_SIZE, DESK_SIZE, EDITOR_ZOOM, GRID, HANDLE_RADIUS, ROTATION_STEP } from '../../../domain/layout/constants.js';
import { normalizeRotation, snapToGrid, type Box, type Point } from '../../../domain/layout/deskGeometry.js';

export { normalizeRotation, snapToGrid, type Box, type Point };

export const clamp = (value: number, min: number, max: number): number => Math.min(Math.max(value, min), max);

export const distance = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y);

/** Snaps both coordinates to the 10-unit grid when snapping is on; otherwise returns the point unchanged. */
export const snapPoint = (p: Point, snapping: boolean): Point =>
  snapping ? { x: snapToGrid(p.x, GRID), y: snapToGrid(p.y, GRID) } : { x: p.x, y: p.y };

/**
 * Desk rotation wrap (SPEC 5): whole degrees 0..359, or multiples of 45 in 0..315 when snapping.
 * Also used for the other rotatable elements so everything on a floor turns the same way.
 */
export const wrapRotation = (degrees: number, snapping: boolean): number => normalizeRotation(degrees, snapping);

/** The R shortcut: the next default desk rotation, 45 degrees on, wrapping at 360. */
export const nextDefaultRotation = (current: number): number => normalizeRotation(current + ROTATION_STEP, true);

/** Rounds away float noise (0.1 + 0.2) so zoom labels and comparisons stay exact. */
const round2 = (v: number): number => Math.round(v * 100) / 100;

export const clampZoom = (zoom: number, range: { min: number; max: number } = EDITOR_ZOOM): number =>
  Number.isFinite(zoom) ? round2(clamp(zoom, range.min, range.max)) : EDITOR_ZOOM.initial;

/**
 * Wheel and pinch zoom reach further than the buttons (SPEC keeps 0.1-0.7 for the buttons): far out
 * to see a whole large floor, close in to place desks precisely.
 */
export const WHEEL_ZOOM = { min: 0.05, max: 2 } as const;

/** Clamps a wheel/pinch zoom; three decimals so small pinch steps near 0.1 still move. */
export const clampWheelZoom = (zoom: number): number =>
  Number.isFinite(zoom) ? Math.round(clamp(zoom, WHEEL_ZOOM.min, WHEEL_ZOOM.max) * 1000) / 1000 : EDITOR_ZOOM.initial;

/** Zoom buttons move in steps of 0.1 inside the editor range. */
export const ZOOM_STEP = 0.1;
export const stepZoom = (zoom: number, direction: 1 | -1): number => clampZoom(zoom + direction * ZOOM_STEP);

/** Distance of the rotation handle above an element, from its size, clamped to 15..50 (SPEC 9). */
export const rotationHandleRadius = (width: number, height: number): number =>
  clamp(Math.max(width, height) / 4, HANDLE_RADIUS.min, HANDLE_RADIUS.max);

/** Rotates `p` about `center` by `degrees` clockwise (canvas y grows downwards). */
export const rotatePoint = (p: Point, center: Point, degrees: number): Point => {
  if (degrees === 0) return { x: p.x, y: p.y };
  const r = (degrees * Math.PI) / 180;
  const dx = p.x - center.x;
  const dy = p.y - center.y;
  return { x: center.x + dx * Math.cos(r) - dy * Math.sin(r), y: center.y + dx * Math.sin(r) + dy * Math.cos(r) };
};

/** Angle of `p` seen from `center`, in degrees clockwise from straight up (where the handle starts). */
export const angleFrom = (center: Point, p: Point): number =>
  (Math.atan2(p.x - center.x, -(p.y - center.y)) * 180) / Math.PI;

/** The box spanned by two corners dragged in any direction, clamped onto the canvas. */
export const boxFromCorners = (a: Point, b: Point): Box => {
  const x0 = clamp(Math.min(a.x, b.x), 0, CANVAS_SIZE);
  const y0 = clamp(Math.min(a.y, b.y), 0, CANVAS_SIZE);
  const x1 = clamp(Math.max(a.x, b.x), 0, CANVAS_SIZE);
  const y1 = clamp(Math.max(a.y, b.y), 0, CANVAS_SIZE);
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
};

/** The smallest box holding every desk, or null for a floor without desks. */
export const desksBounds = (desks: readonly Point[]): Box | null => {
  if (desks.length === 0) return null;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const d of desks) {
    minX = Math.min(minX, d.x);
    minY = Math.min(minY, d.y);
    maxX = Math.max(maxX, d.x + DESK_SIZE);
    maxY = Math.max(maxY, d.y + DESK_SIZE);
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
};

export interface Viewport {
  /** Visible size in screen pixels. */
  width: number;
  height: number;
}

export interface ViewTarget {
  zoom: number;
  /** Canvas point to show at the viewport's top-left corner. */
  scrollX: number;
  scrollY: number;
}

/**
 * Zoom and scroll that show `bounds` (plus padding) centred in the viewport: "fit desks to screen"
 * in the editor and the initial view of the booking floorplan. The scroll stays on the canvas.
 */
export const fitBounds = (
  bounds: Box,
  viewport: Viewport,
  options: { zoom?: { min: number; max: number }; padding?: number } = {},
): ViewTarget => {
  const range = options.zoom ?? EDITOR_ZOOM;
  const padding = options.padding ?? DESK_SIZE;
  const w = Math.max(bounds.width + 2 * padding, 1);
  const h = Math.max(bounds.height + 2 * padding, 1);
  const zoom = clampZoom(Math.min(viewport.width / w, viewport.height / h), range);
  const visibleW = viewport.width / zoom;
  const visibleH = viewport.height / zoom;
  const scrollX = clamp(bounds.x + bounds.width / 2 - visibleW / 2, 0, Math.max(CANVAS_SIZE - visibleW, 0));
  const scrollY = clamp(bounds.y + bounds.height / 2 - visibleH / 2, 0, Math.max(CANVAS_SIZE - visibleH, 0));
  return { zoom, scrollX, scrollY };
};
