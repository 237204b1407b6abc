import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DESK_SIZE } from '../../../domain/layout/constants.js';
import { BODY, CHAIR, deskMarkPath, deskPath, MARK_LINES } from './deskMarks.js';

/** The absolute points a path visits, each polyline on its own (relative steps resolved, 'z' back to its start). */
function pointsOf(d: string): number[][][] {
  const lines: number[][][] = [];
  let at = [0, 0];
  let start = at;
  for (const [, cmd, args] of d.matchAll(/([MmLlZz])([^MmLlZz]*)/g)) {
    const [a, b] = args!.trim().split(/\s+/).map(Number) as [number, number];
    if (cmd === 'z' || cmd === 'Z') { at = start; continue; }
    at = cmd === cmd!.toUpperCase() ? [a, b] : [at[0]! + a, at[1]! + b];
    if (cmd === 'M' || cmd === 'm') { start = at; lines.push([at]); } else lines.at(-1)!.push(at);
  }
  return lines;
}

/** The same points worked out directly: rotated about the desk centre, then moved to the desk. */
function expected(desk: { x: number; y: number; rotation: number }, lines: typeof CHAIR): number[][][] {
  const rad = (desk.rotation * Math.PI) / 180;
  const c = DESK_SIZE / 2;
  return lines.map((line) => line.map(([px, py]) => [
    desk.x + c + (px - c) * Math.cos(rad) - (py - c) * Math.sin(rad),
    desk.y + c + (px - c) * Math.sin(rad) + (py - c) * Math.cos(rad),
  ]));
}

describe('deskPath', () => {
  it('moves a mark to the desk: the first point absolute, the rest relative', () => {
    expect(deskPath({ x: 100, y: 200, rotation: 0 }, MARK_LINES.tick)).toBe('M104 209l4 4l8 -9');
    expect(deskPath({ x: 0, y: 0, rotation: 0 }, CHAIR, true)).toBe('M4 17l12 0l0 3l-12 0z');
    expect(deskMarkPath({ x: 0, y: 0, rotation: 0 }, 'chair')).toBe('M4 17l12 0l0 3l-12 0z');
    expect(deskMarkPath({ x: 10, y: 30, rotation: 0 }, 'body')).toBe('M10 30l20 0l0 20l-20 0z');
  });

  it('turns it about the desk centre first', () => {
    // A quarter turn clockwise (SVG's y points down): the chair bar goes to the left edge.
    expect(pointsOf(deskPath({ x: 100, y: 200, rotation: 90 }, CHAIR, true))).toEqual([[[103, 204], [103, 216], [100, 216], [100, 204]]]);
    expect(pointsOf(deskPath({ x: 0, y: 0, rotation: 180 }, MARK_LINES.hatch))).toEqual([[[18, 10], [10, 18]], [[18, 4], [4, 18]]]);
  });

  it('visits the same points as the direct computation, at any place and rotation, within rounding', () => {
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 359 }),
      fc.constantFrom(...(['body', 'chair', 'cross', 'tick', 'hatch'] as const)),
      (x, y, rotation, kind) => {
        const lines = kind === 'body' ? BODY : kind === 'chair' ? CHAIR : MARK_LINES[kind];
        const got = pointsOf(deskMarkPath({ x, y, rotation }, kind));
        const want = expected({ x, y, rotation }, lines);
        expect(got.map((l) => l.length)).toEqual(want.map((l) => l.length));
        got.flat().forEach((p, i) => {
          const w = want.flat()[i]!;
          expect(Math.abs(p[0]! - w[0]!)).toBeLessThan(0.05);
          expect(Math.abs(p[1]! - w[1]!)).toBeLessThan(0.05);
        });
      }));
  });
});
