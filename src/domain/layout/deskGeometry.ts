/**
 * Desk geometry shared by the validator (server authority) and the editor engine (instant feedback),
 * so both refuse exactly the same placements.
 *
 * Overlap is judged on the UNROTATED 20x20 box at (x, y): the spec speaks of "its 20x20 box", and a
 * rotated square stays inside the same footprint for the 90-degree turns people actually use.
 * Touching edges is allowed (desks side by side in a row are the normal case), so the test is strict.
 */
import { CANVAS_SIZE, DESK_SIZE, GRID, ROTATION_STEP } from './constants.js';

export interface Point {
  x: number;
  y: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const deskBox = (desk: Point): Box => ({ x: desk.x, y: desk.y, width: DESK_SIZE, height: DESK_SIZE });

/** True when the interiors intersect; boxes sharing only an edge or a corner do not overlap. */
export const boxesOverlap = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

export const desksOverlap = (a: Point, b: Point): boolean => boxesOverlap(deskBox(a), deskBox(b));

/** The whole desk box lies on the canvas. */
export const deskInsideCanvas = (desk: Point): boolean =>
  desk.x >= 0 && desk.y >= 0 && desk.x + DESK_SIZE <= CANVAS_SIZE && desk.y + DESK_SIZE <= CANVAS_SIZE;

/** Keeps a desk's top-left corner where the whole box stays on the canvas. */
export const clampDeskPosition = (p: Point): Point => ({
  x: Math.min(Math.max(p.x, 0), CANVAS_SIZE - DESK_SIZE),
  y: Math.min(Math.max(p.y, 0), CANVAS_SIZE - DESK_SIZE),
});

/** Rounds to the nearest multiple of `step` (GRID by default). `+ 0` turns -0 into 0. */
export const snapToGrid = (value: number, step: number = GRID): number => Math.round(value / step) * step + 0;

/**
 * Normalises a rotation to whole degrees in 0..359, or to a multiple of 45 in 0..315 when snapping
 * (SPEC 5). Negative and large angles wrap; 359.6 rounds to 360 which wraps to 0.
 */
export const normalizeRotation = (degrees: number, snapping = false): number => {
  if (!Number.isFinite(degrees)) return 0;
  const step = snapping ? ROTATION_STEP : 1;
  const rounded = Math.round(degrees / step) * step;
  return (((rounded % 360) + 360) % 360) + 0;
};

/**
 * The first desk (other than `ignoreId`) whose box overlaps a desk placed at `at`.
 * Linear: the editor asks about ONE desk at a time, and 10,000 comparisons take microseconds.
 */
export const findOverlappingDesk = <D extends Point & { id: string }>(
  desks: readonly D[],
  at: Point,
  ignoreId?: string,
): D | undefined => desks.find((d) => d.id !== ignoreId && desksOverlap(d, at));

/**
 * Every overlapping pair of desks, as index pairs [i, j] with i < j, each pair once.
 * A grid-bucket index (cell = one desk size) makes this O(n) for real floors: a desk's box touches at
 * most 2x2 cells, and only desks sharing a cell can overlap.
 */
export const findOverlappingPairs = (desks: readonly Point[], limit = Infinity): Array<[number, number]> => {
  const cells = new Map<string, number[]>();
  const pairs: Array<[number, number]> = [];
  for (const [j, desk] of desks.entries()) {
    // Stopping at `limit` keeps a hostile drawing (10,000 desks on one spot) from costing n^2.
    if (pairs.length >= limit) break;
    const seen = new Set<number>();
    for (const key of cellsOfDesk(desk)) {
      const bucket = cells.get(key);
      if (!bucket) {
        cells.set(key, [j]);
        continue;
      }
      for (const i of bucket) {
        const other = desks[i];
        if (other && !seen.has(i) && desksOverlap(other, desk)) {
          seen.add(i);
          pairs.push([i, j]);
        }
      }
      bucket.push(j);
    }
  }
  return pairs.slice(0, limit).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
};

/** Cells touched by the open interior of a desk box (so edge-touching desks need not share a cell). */
function* cellsOfDesk(desk: Point): Generator<string> {
  const x0 = Math.floor(desk.x / DESK_SIZE);
  const y0 = Math.floor(desk.y / DESK_SIZE);
  const x1 = Math.ceil((desk.x + DESK_SIZE) / DESK_SIZE) - 1;
  const y1 = Math.ceil((desk.y + DESK_SIZE) / DESK_SIZE) - 1;
  for (let cx = x0; cx <= x1; cx++) for (let cy = y0; cy <= y1; cy++) yield `${cx},${cy}`;
}
