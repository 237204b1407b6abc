import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawableDrawing, parseDrawableJson } from './drawable.js';
import { drawingSchema, type Drawing } from './drawing.js';
import { makeDesk, makeDrawing } from './testDrawings.js';

const full = (): Drawing => makeDrawing({
  desks: [makeDesk({ id: 'a', alias: 'Desk 1', rotation: 90, assignedTeams: [3], tags: [{ Id: 1, Label: 'Window', Tooltip: '' }] })],
  doors: [{ x: 10, y: 20, rotation: 45 }],
  text: [{ x: 5, y: 5, text: 'Floor 2', fontSize: 'large' }],
  floorplanRectangles: [{ x: 0, y: 0, width: 500, height: 400, rotation: 0 }],
  roomRectangles: [{ x: 10, y: 10, width: 50, height: 40, rotation: 30 }],
  floorplanShapes: [{ id: 's', x: 1, y: 2, width: 30, height: 30, rotation: 0,
    path: [{ type: 'Move', x: 0, y: 0 }, { type: 'Line', x: 5, y: 5 }, { type: 'Curve', x1: 1, y1: 2, x: 3, y: 4 }, { type: 'ReflectedCurve', x: 9, y: 9 }, { type: 'Closure' }] }],
});

/** Every element list of a drawing, with one field of its first element to break. */
const FIELDS: [keyof Drawing, string][] = [
  ...['x', 'y', 'rotation', 'bookable', 'id', 'alias', 'assignedTeams', 'tags'].map((f) => ['desks', f] as [keyof Drawing, string]),
  ...['x', 'y', 'rotation'].map((f) => ['doors', f] as [keyof Drawing, string]),
  ...['x', 'y', 'text', 'fontSize'].map((f) => ['text', f] as [keyof Drawing, string]),
  ...['x', 'y', 'width', 'height', 'rotation'].flatMap((f) => [['floorplanRectangles', f], ['roomRectangles', f]] as [keyof Drawing, string][]),
  ...['x', 'y', 'width', 'height', 'rotation', 'id', 'path'].map((f) => ['floorplanShapes', f] as [keyof Drawing, string]),
];

describe('a published drawing the booking view can draw', () => {
  it('accepts every drawing the full schema accepts', () => {
    expect(drawingSchema.safeParse(full()).success).toBe(true);
    expect(drawableDrawing(full())).toEqual(full());
    expect(drawableDrawing(makeDrawing())).not.toBeNull();
    fc.assert(fc.property(
      fc.array(fc.record({ x: fc.double({ min: 0, max: 20_000, noNaN: true }), y: fc.double({ min: 0, max: 20_000, noNaN: true }),
        rotation: fc.integer({ min: 0, max: 359 }), bookable: fc.boolean(), id: fc.string({ minLength: 1, maxLength: 64 }), alias: fc.string({ maxLength: 100 }) }), { maxLength: 30 }),
      (desks) => {
        const drawing = makeDrawing({ desks: desks.map((d) => makeDesk(d)) });
        expect(drawingSchema.safeParse(drawing).success).toBe(true);
        expect(drawableDrawing(drawing)).not.toBeNull();
      }));
  });

  it.each(FIELDS)('refuses %s whose first element has a bad or missing %s', (list, field) => {
    for (const bad of [undefined, null, 'text', 7, Number.NaN, Number.POSITIVE_INFINITY, true, [], {}]) {
      const drawing = full() as unknown as Record<string, Record<string, unknown>[]>;
      const element = drawing[list]![0]!;
      const good = element[field];
      const sameType = Array.isArray(good) ? Array.isArray(bad) : typeof good === 'number' ? Number.isFinite(bad) : typeof bad === typeof good;
      if (sameType) continue;
      if (bad === undefined) delete element[field]; else element[field] = bad;
      expect(drawableDrawing(drawing)).toBeNull();
    }
  });

  it('refuses an empty desk id, unknown or incomplete path steps, missing lists and what is not a drawing', () => {
    expect(drawableDrawing({ ...full(), desks: [makeDesk({ id: '' })] })).toBeNull();
    const shape = full().floorplanShapes[0]!;
    expect(drawableDrawing({ ...full(), floorplanShapes: [{ ...shape, path: [{ type: 'Arc', x: 1, y: 1 }] }] })).toBeNull();
    expect(drawableDrawing({ ...full(), floorplanShapes: [{ ...shape, path: [{ type: 'Curve', x: 1, y: 1 }] }] })).toBeNull();
    expect(drawableDrawing({ ...full(), floorplanShapes: [{ ...shape, path: [null] }] })).toBeNull();
    for (const list of ['desks', 'doors', 'text', 'floorplanRectangles', 'roomRectangles', 'floorplanShapes', 'lastUpdate']) {
      const drawing: Record<string, unknown> = { ...full() };
      delete drawing[list];
      expect(drawableDrawing(drawing)).toBeNull();
    }
    for (const junk of [null, undefined, 3, 'drawing', [], { desks: 3 }, { desks: [null] }]) expect(drawableDrawing(junk)).toBeNull();
  });

  it('takes a drawing with an underlay, and refuses one whose underlay lacks a field the views read', () => {
    const underlay = { imageId: '0b7e7d4e-52a4-4c1e-9a57-1c6f0f4b3a10', x: 0, y: 0, width: 800, height: 600, rotation: 0,
      opacity: 0.5, locked: false, hidden: false, showInBookingView: true };
    const drawing = { ...full(), underlay };
    expect(drawingSchema.safeParse(drawing).success).toBe(true);
    expect(drawableDrawing(drawing)).toEqual(drawing);
    for (const field of Object.keys(underlay)) {
      const broken: Record<string, unknown> = { ...underlay };
      delete broken[field];
      expect(drawableDrawing({ ...full(), underlay: broken })).toBeNull();
      expect(drawableDrawing({ ...full(), underlay: { ...underlay, [field]: field === 'imageId' ? 7 : 'x' } })).toBeNull();
    }
    expect(drawableDrawing({ ...full(), underlay: null })).toBeNull();
  });

  it('reads a layout record: refuses one that is not JSON, not a drawing, or missing', () => {
    expect(parseDrawableJson(JSON.stringify(full()))).toEqual(full());
    expect(parseDrawableJson('not json')).toBeNull();
    expect(parseDrawableJson('{"desks": 3}')).toBeNull();
    expect(parseDrawableJson(undefined)).toBeNull();
  });
});
