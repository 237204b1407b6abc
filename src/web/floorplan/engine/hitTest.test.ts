import { describe, expect, it } from 'vitest';
import { makeDesk, makeDrawing } from '../../../domain/layout/testDrawings.js';
import { hitRotationHandle, hitTest, rotationHandlePosition } from './hitTest.js';

const drawing = makeDrawing({
  desks: [makeDesk({ id: 'd', x: 100, y: 100 })],
  doors: [{ x: 300, y: 300, rotation: 0 }],
  text: [{ x: 400, y: 400, text: 'Kitchen', fontSize: 'small' }],
  floorplanRectangles: [{ x: 0, y: 0, width: 1000, height: 1000, rotation: 0 }],
  roomRectangles: [
    { x: 50, y: 50, width: 200, height: 200, rotation: 0 },
    { x: 60, y: 60, width: 10, height: 10, rotation: 0 },
  ],
  floorplanShapes: [
    { id: 's', x: 500, y: 500, width: 100, height: 20, rotation: 90, path: [{ type: 'Move', x: 0, y: 0 }] },
  ],
});

describe('hitTest', () => {
  it('desks are on top of rooms and floor spaces', () => {
    expect(hitTest(drawing, { x: 110, y: 110 })).toEqual({ kind: 'desk', id: 'd' });
  });
  it('the later element of a list is on top', () => {
    expect(hitTest(drawing, { x: 65, y: 65 })).toEqual({ kind: 'roomRect', index: 1 });
    expect(hitTest(drawing, { x: 55, y: 55 })).toEqual({ kind: 'roomRect', index: 0 });
  });
  it('finds doors, text, floor spaces, and nothing off everything', () => {
    expect(hitTest(drawing, { x: 310, y: 310 })).toEqual({ kind: 'door', index: 0 });
    expect(hitTest(drawing, { x: 420, y: 405 })).toEqual({ kind: 'text', index: 0 });
    expect(hitTest(drawing, { x: 900, y: 900 })).toEqual({ kind: 'floorRect', index: 0 });
    expect(hitTest(drawing, { x: 5000, y: 5000 })).toBeNull();
  });
  it('tests rotated elements in their own frame', () => {
    // 100x20 turned 90 degrees about its centre (550, 510): now 20 wide, 100 tall.
    expect(hitTest(drawing, { x: 550, y: 465 })).toEqual({ kind: 'shape', id: 's' });
    expect(hitTest(drawing, { x: 590, y: 510 })).toEqual({ kind: 'floorRect', index: 0 });
  });
  it('desk edges are exact (a desk next door is not hit)', () => {
    expect(hitTest(drawing, { x: 121, y: 110 })?.kind).toBe('roomRect');
  });
});

describe('rotation handle', () => {
  it('sits above the element, clamped radius, and turns with it', () => {
    const frame = { x: 100, y: 100, width: 20, height: 20, rotation: 0 };
    expect(rotationHandlePosition(frame)).toEqual({ x: 110, y: 85 });
    const turned = rotationHandlePosition({ ...frame, rotation: 90 });
    expect(turned.x).toBeCloseTo(135);
    expect(turned.y).toBeCloseTo(110);
  });
  it('is hit only for a selected, rotatable element', () => {
    expect(hitRotationHandle(drawing, { kind: 'desk', id: 'd' }, { x: 110, y: 86 })).toBe(true);
    expect(hitRotationHandle(drawing, null, { x: 110, y: 86 })).toBe(false);
    expect(hitRotationHandle(drawing, { kind: 'text', index: 0 }, { x: 420, y: 385 })).toBe(false);
    expect(hitRotationHandle(drawing, { kind: 'desk', id: 'gone' }, { x: 110, y: 86 })).toBe(false);
  });
});
