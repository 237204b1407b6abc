import { describe, expect, it } from 'vitest';
import { cachedDeskPath, CHAIR, deskPath, MARK_LINES } from './deskMarks.js';

describe('deskPath', () => {
  it('moves a mark to the desk', () => {
    expect(deskPath({ x: 100, y: 200, rotation: 0 }, MARK_LINES.tick)).toBe('M104 209L108 213L116 204');
    expect(deskPath({ x: 0, y: 0, rotation: 0 }, CHAIR, true)).toBe('M4 17L16 17L16 20L4 20Z');
  });

  it('turns it about the desk centre first', () => {
    // A quarter turn clockwise (SVG's y points down): the chair bar goes to the left edge.
    expect(deskPath({ x: 100, y: 200, rotation: 90 }, CHAIR, true)).toBe('M103 204L103 216L100 216L100 204Z');
    expect(deskPath({ x: 0, y: 0, rotation: 180 }, MARK_LINES.hatch)).toBe('M18 10L10 18M18 4L4 18');
  });

  it('keeps one fragment per desk object and kind', () => {
    const desk = { x: 10, y: 10, rotation: 45 };
    const first = cachedDeskPath(desk, 'cross');
    expect(cachedDeskPath(desk, 'cross')).toBe(first);
    expect(cachedDeskPath({ ...desk, x: 20 }, 'cross')).not.toBe(first);
  });
});
