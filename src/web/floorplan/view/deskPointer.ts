/** Where the pointer is on the drawing, and which desk is there (desks drawn as paths have no element each). */
import { CANVAS_SIZE, DESK_SIZE } from '../../../domain/layout/constants.js';
import type { Desk } from '../../../domain/layout/drawing.js';
import { deskFrame } from '../engine/elements.js';
import { pointInFrame } from '../engine/hitTest.js';
import type { Point } from '../engine/geometry.js';

/** A pointer position in canvas units (the svg's viewBox is the whole canvas, scaled by its pixel size). */
export function canvasPoint(svg: Element, e: { clientX: number; clientY: number }): Point {
  const r = svg.getBoundingClientRect();
  const scale = CANVAS_SIZE / r.width;
  return { x: (e.clientX - r.left) * scale, y: (e.clientY - r.top) * scale };
}

/** Reach beyond a desk's box: half its outline, which is painted (and hit) outside the box. */
const OUTLINE_SLOP = 1.5;

/**
 * The desk drawn at `p`: the last one in the list when desks overlap, as it is painted on top. A
 * straight scan: 5,000 desks take well under a millisecond, and it runs per click or pointer move.
 */
export function deskAt(desks: readonly Desk[], p: Point): Desk | null {
  for (let i = desks.length - 1; i >= 0; i--) {
    const d = desks[i]!;
    // Cheap reject first: a turned box stays within its centre's circle.
    if (Math.abs(p.x - d.x - DESK_SIZE / 2) > DESK_SIZE || Math.abs(p.y - d.y - DESK_SIZE / 2) > DESK_SIZE) continue;
    if (pointInFrame(p, deskFrame(d), OUTLINE_SLOP)) return d;
  }
  return null;
}
