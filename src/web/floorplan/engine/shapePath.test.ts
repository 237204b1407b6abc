import { describe, expect, it } from 'vitest';
import { pathData, pathPointCount, shapeFromAbsoluteSteps } from './shapePath.js';

describe('shape paths', () => {
  it('stores steps relative to the bounding box, controls included', () => {
    const shape = shapeFromAbsoluteSteps(
      [
        { type: 'Move', x: 100, y: 100 },
        { type: 'Curve', x1: 150, y1: 60, x: 200, y: 100 },
        { type: 'Line', x: 200, y: 150 },
        { type: 'Closure' },
      ],
      's1',
    );
    expect(shape).toEqual({
      id: 's1',
      x: 100,
      y: 60,
      width: 100,
      height: 90,
      rotation: 0,
      path: [
        { type: 'Move', x: 0, y: 40 },
        { type: 'Curve', x1: 50, y1: 0, x: 100, y: 40 },
        { type: 'Line', x: 100, y: 90 },
        { type: 'Closure' },
      ],
    });
    expect(pathPointCount(shape.path)).toBe(3);
  });

  it('renders SVG path data, offset to the shape position', () => {
    expect(
      pathData(
        [
          { type: 'Move', x: 0, y: 0 },
          { type: 'Line', x: 10, y: 0 },
          { type: 'Curve', x1: 10, y1: 10, x: 0, y: 10 },
          { type: 'ReflectedCurve', x: 0, y: 5 },
          { type: 'Closure' },
        ],
        100,
        200,
      ),
    ).toBe('M 100 200 L 110 200 Q 110 210 100 210 T 100 205 Z');
  });
});
