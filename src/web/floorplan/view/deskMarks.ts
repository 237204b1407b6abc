/**
 * A desk's box and marks (the chair side and the state mark), as path data. A floor of thousands of
 * desks draws each kind as ONE path for a run of desks (DeskRuns.tsx): the booking view draws the
 * boxes this way too, the editor has an element per box (deskNodes.ts). On a 5,000-desk floor, one
 * element per box and mark would be ~25,000 elements to create, style and lay out.
 */
import { DESK_SIZE } from '../../../domain/layout/constants.js';
import type { Desk } from '../../../domain/layout/drawing.js';
import type { DeskLook } from './deskStates.js';

const S = DESK_SIZE;
type Pt = readonly [number, number];
/** Polylines in desk coordinates (0..S, before the desk's rotation), each a list of points. */
type Lines = readonly (readonly Pt[])[];

/** The desk's box (closed). The booking view draws every desk's box this way, one path per state. */
export const BODY: Lines = [[[0, 0], [S, 0], [S, S], [0, S]]];

/** The chair side: a 12 x 3 bar along the bottom edge, so the facing shows at any rotation (filled). */
export const CHAIR: Lines = [[[4, S - 3], [S - 4, S - 3], [S - 4, S], [4, S]]];

/** The state marks (stroked); the widths and caps are DESK_MARK_STROKES'. */
export const MARK_LINES: Record<Exclude<DeskLook['mark'], 'none'>, Lines> = {
  cross: [[[5, 4], [S - 5, S - 6]], [[S - 5, 4], [5, S - 6]]],
  tick: [[[4, 9], [8, 13], [S - 4, 4]]],
  hatch: [[[2, 10], [10, 2]], [[2, 16], [16, 2]]],
  // A padlock: the shackle, then the body (a closed desk, issue 22).
  lock: [[[7.5, 8], [7.5, 5.5], [8.5, 3.5], [11.5, 3.5], [12.5, 5.5], [12.5, 8]], [[5.5, 8], [14.5, 8], [14.5, 14.5], [5.5, 14.5], [5.5, 8]]],
};

export const DESK_MARK_STROKES: Record<Exclude<DeskLook['mark'], 'none'>, { width: number; round: boolean }> = {
  cross: { width: 2, round: true },
  tick: { width: 2.5, round: true },
  hatch: { width: 1, round: false },
  lock: { width: 1.6, round: true },
};

/** How a state's mark is stroked (the floor's runs and the legend's sample alike). */
export function markStroke(look: DeskLook) {
  if (look.mark === 'none') return null;
  const { width, round } = DESK_MARK_STROKES[look.mark];
  return { fill: 'none', stroke: look.stroke, strokeWidth: width, strokeLinecap: round ? 'round' : undefined, strokeLinejoin: round ? 'round' : undefined } as const;
}

const r2 = (v: number): number => Math.round(v * 100) / 100;

/** A mark at one rotation: its first point from the desk's corner, then the rest as relative steps. */
interface Outline { firstX: number; firstY: number; tail: string }

/** Per mark and rotation, its outline: a floor has thousands of desks but a handful of rotations. */
const outlines = new Map<Lines, Map<string, Outline>>();

function outlineOf(lines: Lines, closed: boolean, rotation: number): Outline {
  const key = `${rotation}${closed ? 'z' : ''}`;
  let forLines = outlines.get(lines);
  if (!forLines) outlines.set(lines, (forLines = new Map()));
  let o = forLines.get(key);
  if (o) return o;
  const rad = (rotation * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const c = S / 2;
  const turned = lines.map((line) => line.map(([px, py]): Pt => (rotation ? [c + (px - c) * cos - (py - c) * sin, c + (px - c) * sin + (py - c) * cos] : [px, py])));
  const [firstX, firstY] = turned[0]![0]!;
  // Steps are relative to the current point, which a 'z' moves back to its polyline's start.
  let at: Pt = [firstX, firstY];
  let tail = '';
  turned.forEach((line, li) => {
    const start = line[0]!;
    line.forEach((p, i) => {
      if (li > 0 || i > 0) tail += `${i === 0 ? 'm' : 'l'}${r2(p[0] - at[0])} ${r2(p[1] - at[1])}`;
      at = p;
    });
    if (closed) {
      tail += 'z';
      at = start;
    }
  });
  o = { firstX, firstY, tail };
  forLines.set(key, o);
  return o;
}

/**
 * Path data of `lines` for one desk: rotated about the desk's centre, then moved to its place. Only
 * the first point is absolute; the rest is the same for every desk at that rotation (outlineOf), so
 * a desk costs one short string. Measured on 5,000 desks: the strings in ~10 ms cold in Node instead
 * of ~22 ms, and the marks layer in Chromium in ~25 ms instead of ~46 ms.
 */
export function deskPath(desk: Pick<Desk, 'x' | 'y' | 'rotation'>, lines: Lines, closed = false): string {
  const o = outlineOf(lines, closed, desk.rotation);
  return `M${r2(desk.x + o.firstX)} ${r2(desk.y + o.firstY)}${o.tail}`;
}

/** A desk's box, chair or state mark (see deskPath). */
export const deskMarkPath = (desk: Pick<Desk, 'x' | 'y' | 'rotation'>, kind: 'body' | 'chair' | keyof typeof MARK_LINES): string =>
  (kind === 'body' ? deskPath(desk, BODY, true) : kind === 'chair' ? deskPath(desk, CHAIR, true) : deskPath(desk, MARK_LINES[kind]));
