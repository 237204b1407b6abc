/**
 * The marks drawn on desks (the chair side and the state mark), as path data. A floor of thousands
 * of desks draws each kind of mark as ONE path for all desks that carry it, so a desk costs one SVG
 * element (its focusable box) instead of four or five: on a 5,000-desk floor that is the difference
 * between ~5,000 and ~25,000 elements to create, style and lay out.
 */
import { DESK_SIZE } from '../../../domain/layout/constants.js';
import type { Desk } from '../../../domain/layout/drawing.js';
import type { DeskLook } from './deskStates.js';

const S = DESK_SIZE;
type Pt = readonly [number, number];
/** Polylines in desk coordinates (0..S, before the desk's rotation), each a list of points. */
type Lines = readonly (readonly Pt[])[];

/** The chair side: a 12 x 3 bar along the bottom edge, so the facing shows at any rotation (filled). */
export const CHAIR: Lines = [[[4, S - 3], [S - 4, S - 3], [S - 4, S], [4, S]]];

/** The state marks (stroked); the widths and caps are DESK_MARK_STROKES'. */
export const MARK_LINES: Record<Exclude<DeskLook['mark'], 'none'>, Lines> = {
  cross: [[[5, 4], [S - 5, S - 6]], [[S - 5, 4], [5, S - 6]]],
  tick: [[[4, 9], [8, 13], [S - 4, 4]]],
  hatch: [[[2, 10], [10, 2]], [[2, 16], [16, 2]]],
};

export const DESK_MARK_STROKES: Record<Exclude<DeskLook['mark'], 'none'>, { width: number; round: boolean }> = {
  cross: { width: 2, round: true },
  tick: { width: 2.5, round: true },
  hatch: { width: 1, round: false },
};

const r2 = (v: number): number => Math.round(v * 100) / 100;

/** Path data of `lines` for one desk: rotated about the desk's centre, then moved to its place. */
export function deskPath(desk: Pick<Desk, 'x' | 'y' | 'rotation'>, lines: Lines, closed = false): string {
  const rad = (desk.rotation * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const c = S / 2;
  let d = '';
  for (const line of lines) {
    line.forEach(([px, py], i) => {
      const x = desk.rotation ? c + (px - c) * cos - (py - c) * sin : px;
      const y = desk.rotation ? c + (px - c) * sin + (py - c) * cos : py;
      d += `${i === 0 ? 'M' : 'L'}${r2(desk.x + x)} ${r2(desk.y + y)}`;
    });
    if (closed) d += 'Z';
  }
  return d;
}

/**
 * Per desk object, its path fragments. The editor engine replaces only the desk that changed, so
 * moving one desk recomputes one desk's fragments; the rest are joined from this cache.
 */
const cache = new WeakMap<object, Map<string, string>>();
export function cachedDeskPath(desk: Pick<Desk, 'x' | 'y' | 'rotation'>, kind: 'chair' | keyof typeof MARK_LINES): string {
  let forDesk = cache.get(desk);
  if (!forDesk) cache.set(desk, (forDesk = new Map()));
  let d = forDesk.get(kind);
  if (d === undefined) {
    d = kind === 'chair' ? deskPath(desk, CHAIR, true) : deskPath(desk, MARK_LINES[kind]);
    forDesk.set(kind, d);
  }
  return d;
}
