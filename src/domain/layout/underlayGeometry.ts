/**
 * Pure geometry of the underlay: where a new image goes, and the two-point scale ("this wall is 12 m").
 * The editor panel calls these; tests pin them down.
 */
import { CANVAS_SIZE } from './constants.js';
import { DEFAULT_UNDERLAY_OPACITY, UNDERLAY_LIMITS, UNITS_PER_METRE, type Underlay } from './underlay.js';

export interface Point { x: number; y: number }

/**
 * A freshly uploaded image: one pixel per canvas unit (scaled down only if it would not fit the canvas),
 * its top-left corner at `at` (the top-left of what the editor shows), half transparent, not yet shown
 * to people booking.
 */
export function newUnderlay(imageId: string, pixels: { width: number; height: number }, at: Point = { x: 0, y: 0 }): Underlay {
  const fit = Math.min(1, CANVAS_SIZE / Math.max(pixels.width, pixels.height));
  return {
    imageId,
    x: Math.max(0, Math.round(at.x)),
    y: Math.max(0, Math.round(at.y)),
    width: pixels.width * fit,
    height: pixels.height * fit,
    rotation: 0,
    opacity: DEFAULT_UNDERLAY_OPACITY,
    locked: false,
    hidden: false,
    showInBookingView: false,
  };
}

export const distance = (a: Point, b: Point): number => Math.hypot(b.x - a.x, b.y - a.y);

export type CalibrationResult = { ok: true; underlay: Underlay } | { ok: false; error: string };

/**
 * Scales the image so the two picked points (canvas units, on the image as drawn) end up `metres` apart
 * at the drawing's scale (UNITS_PER_METRE). The scaling is about the first point, so that point stays
 * where it is on the canvas: a similarity transform, correct for a rotated image too (the box centre
 * moves with the scale, the rotation is unchanged).
 */
export function calibrateUnderlay(underlay: Underlay, a: Point, b: Point, metres: number): CalibrationResult {
  if (!Number.isFinite(metres) || metres <= 0) return { ok: false, error: 'Type the real distance in metres (more than 0)' };
  const picked = distance(a, b);
  if (picked < 1) return { ok: false, error: 'Pick two different points, further apart' };
  const factor = (metres * UNITS_PER_METRE) / picked;
  const width = underlay.width * factor;
  const height = underlay.height * factor;
  if (width > UNDERLAY_LIMITS.maxSize || height > UNDERLAY_LIMITS.maxSize) {
    return { ok: false, error: `At that distance the image would be more than ${UNDERLAY_LIMITS.maxSize} units across; check the metres` };
  }
  const centre = { x: underlay.x + underlay.width / 2, y: underlay.y + underlay.height / 2 };
  const newCentre = { x: a.x + (centre.x - a.x) * factor, y: a.y + (centre.y - a.y) * factor };
  const x = newCentre.x - width / 2;
  const y = newCentre.y - height / 2;
  if (Math.abs(x) > UNDERLAY_LIMITS.maxCoord || Math.abs(y) > UNDERLAY_LIMITS.maxCoord) {
    return { ok: false, error: 'At that distance the image would leave the canvas; check the metres' };
  }
  return { ok: true, underlay: { ...underlay, x, y, width, height } };
}

/** Metres between two canvas points at the drawing's scale (shown while calibrating). */
export const metresBetween = (a: Point, b: Point): number => distance(a, b) / UNITS_PER_METRE;
