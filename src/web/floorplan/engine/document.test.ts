import { describe, expect, it } from 'vitest';
import { emptyDrawing } from '../../../domain/layout/drawing.js';
import { makeDesk, makeDrawing } from '../../../domain/layout/testDrawings.js';
import {
  addDesk,
  addDoor,
  addRectangle,
  addShape,
  addText,
  deleteElement,
  moveDesk,
  moveElement,
  nextDeskAlias,
  rotateElement,
  updateDesk,
  updateText,
} from './document.js';

const twoDesks = () =>
  makeDrawing({
    desks: [makeDesk({ id: 'a', alias: 'A1', x: 0, y: 0 }), makeDesk({ id: 'b', alias: 'B1', x: 100, y: 0 })],
  });

const drawingOf = (r: ReturnType<typeof addDesk>) => {
  if (!r.ok) throw new Error(r.reason);
  return r.drawing;
};

describe('desks', () => {
  it('adds a desk without touching the original drawing', () => {
    const before = twoDesks();
    const after = drawingOf(addDesk(before, makeDesk({ id: 'c', x: 20, y: 0 })));
    expect(after.desks.map((d) => d.id)).toEqual(['a', 'b', 'c']);
    expect(before.desks).toHaveLength(2);
    expect(after.doors).toBe(before.doors); // unchanged lists are shared
  });

  it('refuses a desk overlapping another, naming it', () => {
    expect(addDesk(twoDesks(), makeDesk({ id: 'c', x: 10, y: 10 }))).toEqual({
      ok: false,
      reason: 'Desks cannot overlap: this would overlap desk "A1"',
    });
  });

  it('refuses a duplicate id and a desk off the canvas', () => {
    expect(addDesk(twoDesks(), makeDesk({ id: 'a', x: 500 })).ok).toBe(false);
    expect(addDesk(twoDesks(), makeDesk({ id: 'c', x: 19990 })).ok).toBe(false);
  });

  it('moves a desk, refusing an overlap and clamping to the canvas', () => {
    const d = twoDesks();
    expect(moveDesk(d, 'a', { x: 85, y: 5 }).ok).toBe(false);
    expect(drawingOf(moveDesk(d, 'a', { x: 80, y: 5 })).desks[0]).toMatchObject({ x: 80, y: 5 });
    expect(drawingOf(moveDesk(d, 'b', { x: 50000, y: -3 })).desks[1]).toMatchObject({ x: 19980, y: 0 });
    expect(moveDesk(d, 'zzz', { x: 0, y: 0 }).ok).toBe(false);
  });

  it('moving a desk onto itself is a no-op returning the same drawing', () => {
    const d = twoDesks();
    expect(drawingOf(moveDesk(d, 'a', { x: 0, y: 0 }))).toBe(d);
  });

  it('updates desk properties through the shared schema', () => {
    const d = twoDesks();
    const next = drawingOf(updateDesk(d, 'a', { alias: 'Window', bookable: false, assignedTeams: [4], rotation: 370 }));
    expect(next.desks[0]).toMatchObject({ id: 'a', alias: 'Window', bookable: false, assignedTeams: [4], rotation: 10 });
    expect(drawingOf(updateDesk(d, 'a', { rotation: 100 }, true)).desks[0]?.rotation).toBe(90);
    expect(updateDesk(d, 'a', { alias: 'x'.repeat(101) }).ok).toBe(false);
    expect(updateDesk(d, 'a', { assignedTeams: [1, 2] }).ok).toBe(false);
    expect(updateDesk(d, 'a', { x: 90 }).ok).toBe(false);
    expect(updateDesk(d, 'nope', { alias: 'x' }).ok).toBe(false);
  });

  it('names new desks "Desk N" without clashing', () => {
    expect(nextDeskAlias(emptyDrawing())).toBe('Desk 1');
    expect(nextDeskAlias(makeDrawing({ desks: [makeDesk({ alias: 'Desk 2' })] }))).toBe('Desk 3');
  });
});

describe('other elements', () => {
  const drawing = () => {
    let d = addDoor(emptyDrawing(), { x: 10, y: 10, rotation: 0 });
    d = addText(d, { x: 5, y: 5, text: 'Hi', fontSize: 'small' });
    d = addRectangle(d, 'floorRect', { x: 0, y: 0, width: 100, height: 50, rotation: 0 });
    d = addRectangle(d, 'roomRect', { x: 10, y: 10, width: 30, height: 30, rotation: 0 });
    d = addShape(d, {
      id: 's',
      x: 0,
      y: 0,
      width: 10,
      height: 10,
      rotation: 0,
      path: [{ type: 'Move', x: 0, y: 0 }],
    });
    return d;
  };

  it('adds each kind to its own list', () => {
    const d = drawing();
    expect([d.doors.length, d.text.length, d.floorplanRectangles.length, d.roomRectangles.length, d.floorplanShapes.length]).toEqual([
      1, 1, 1, 1, 1,
    ]);
  });

  it('moves any element, clamped so its box stays on the canvas', () => {
    const d = drawing();
    const moved = (ref: Parameters<typeof moveElement>[1], x: number, y: number) => drawingOf(moveElement(d, ref, { x, y }));
    expect(moved({ kind: 'door', index: 0 }, 40, 50).doors[0]).toMatchObject({ x: 40, y: 50 });
    expect(moved({ kind: 'text', index: 0 }, 1, 2).text[0]).toMatchObject({ x: 1, y: 2 });
    expect(moved({ kind: 'floorRect', index: 0 }, 19950, -5).floorplanRectangles[0]).toMatchObject({ x: 19900, y: 0 });
    expect(moved({ kind: 'roomRect', index: 0 }, 7, 8).roomRectangles[0]).toMatchObject({ x: 7, y: 8 });
    expect(moved({ kind: 'shape', id: 's' }, 70, 80).floorplanShapes[0]).toMatchObject({ x: 70, y: 80 });
    expect(moveElement(d, { kind: 'door', index: 5 }, { x: 0, y: 0 }).ok).toBe(false);
  });

  it('rotates rotatable elements and leaves text alone', () => {
    const d = drawing();
    expect(rotateElement(d, { kind: 'door', index: 0 }, 90).doors[0]?.rotation).toBe(90);
    expect(rotateElement(d, { kind: 'floorRect', index: 0 }, 45).floorplanRectangles[0]?.rotation).toBe(45);
    expect(rotateElement(d, { kind: 'roomRect', index: 0 }, 45).roomRectangles[0]?.rotation).toBe(45);
    expect(rotateElement(d, { kind: 'shape', id: 's' }, 30).floorplanShapes[0]?.rotation).toBe(30);
    expect(rotateElement(d, { kind: 'text', index: 0 }, 30)).toBe(d);
    const withDesk = drawingOf(addDesk(d, makeDesk({ id: 'k', x: 500 })));
    expect(rotateElement(withDesk, { kind: 'desk', id: 'k' }, 270).desks[0]?.rotation).toBe(270);
  });

  it('updates text and font size, refusing over-long text', () => {
    const d = drawing();
    expect(drawingOf(updateText(d, 0, { text: 'Kitchen', fontSize: 'large' })).text[0]).toMatchObject({
      text: 'Kitchen',
      fontSize: 'large',
    });
    expect(updateText(d, 0, { text: 'x'.repeat(1001) }).ok).toBe(false);
    expect(updateText(d, 3, { text: 'x' }).ok).toBe(false);
  });

  it('deletes each kind', () => {
    const d = drawing();
    expect(deleteElement(d, { kind: 'door', index: 0 }).doors).toEqual([]);
    expect(deleteElement(d, { kind: 'text', index: 0 }).text).toEqual([]);
    expect(deleteElement(d, { kind: 'floorRect', index: 0 }).floorplanRectangles).toEqual([]);
    expect(deleteElement(d, { kind: 'roomRect', index: 0 }).roomRectangles).toEqual([]);
    expect(deleteElement(d, { kind: 'shape', id: 's' }).floorplanShapes).toEqual([]);
    expect(deleteElement(twoDesks(), { kind: 'desk', id: 'a' }).desks.map((x) => x.id)).toEqual(['b']);
    expect(d.doors).toHaveLength(1);
  });
});
