import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CANVAS_SIZE } from './constants.js';
import { emptyDrawing, drawingSchema } from './drawing.js';
import { makeDesk, makeDrawing } from './testDrawings.js';
import { MAX_REPORTED_ERRORS, validateDrawing } from './validateDrawing.js';

const errorsOf = (input: unknown): string[] => {
  const result = validateDrawing(input);
  return result.ok ? [] : result.errors;
};

describe('validateDrawing', () => {
  it('accepts the empty drawing', () => {
    expect(validateDrawing(emptyDrawing())).toEqual({ ok: true, drawing: emptyDrawing() });
  });

  it('accepts a full drawing with every element kind', () => {
    const drawing = makeDrawing({
      desks: [makeDesk({ id: 'a', alias: 'A1', assignedTeams: [3], tags: [{ Id: 1, Label: 'Window', Tooltip: '' }] })],
      doors: [{ x: 10, y: 10, rotation: 90 }],
      text: [{ x: 5, y: 5, text: 'Kitchen', fontSize: 'large' }],
      floorplanRectangles: [{ x: 0, y: 0, width: 500, height: 400, rotation: 0 }],
      roomRectangles: [{ x: 10, y: 10, width: 50, height: 40, rotation: 12.5 }],
      floorplanShapes: [
        {
          id: 's1',
          x: 100,
          y: 100,
          width: 50,
          height: 50,
          rotation: 0,
          path: [
            { type: 'Move', x: 0, y: 0 },
            { type: 'Line', x: 50, y: 0 },
            { type: 'Curve', x1: 50, y1: 50, x: 0, y: 50 },
            { type: 'ReflectedCurve', x: 0, y: 25 },
            { type: 'Closure' },
          ],
        },
      ],
      lastUpdate: 1_700_000_000_000,
    });
    expect(validateDrawing(drawing)).toEqual({ ok: true, drawing });
  });

  it('strips unknown keys', () => {
    const result = validateDrawing({ ...emptyDrawing(), extra: 1, desks: [{ ...makeDesk(), colour: 'red' }] });
    expect(result.ok && result.drawing).toEqual(makeDrawing({ desks: [makeDesk()] }));
  });

  it('refuses non-objects and missing lists', () => {
    expect(errorsOf(null).length).toBeGreaterThan(0);
    expect(errorsOf('{}').length).toBeGreaterThan(0);
    expect(errorsOf({ ...emptyDrawing(), desks: undefined }).join()).toMatch(/^desks:/);
  });

  it('refuses duplicate desk ids and shape ids', () => {
    const shape = { id: 's', x: 0, y: 0, width: 0, height: 0, rotation: 0, path: [{ type: 'Move', x: 0, y: 0 }] };
    const errors = errorsOf(
      makeDrawing({
        desks: [makeDesk({ id: 'x', x: 0 }), makeDesk({ id: 'x', x: 100 })],
        floorplanShapes: [shape, shape] as never,
      }),
    );
    expect(errors).toEqual([
      'Desk id "x" is used by more than one desk',
      'Shape id "s" is used by more than one shape',
    ]);
  });

  it('desk rotation must be a whole number 0..359', () => {
    expect(errorsOf(makeDrawing({ desks: [makeDesk({ rotation: 359 })] }))).toEqual([]);
    expect(errorsOf(makeDrawing({ desks: [makeDesk({ rotation: 360 })] }))[0]).toMatch(/^desks\.0\.rotation/);
    expect(errorsOf(makeDrawing({ desks: [makeDesk({ rotation: -1 })] }))[0]).toMatch(/^desks\.0\.rotation/);
    expect(errorsOf(makeDrawing({ desks: [makeDesk({ rotation: 45.5 })] }))[0]).toMatch(/^desks\.0\.rotation/);
  });

  it('a desk has at most one assigned team', () => {
    expect(errorsOf(makeDrawing({ desks: [makeDesk({ assignedTeams: [1, 2] })] }))).toEqual([
      'desks.0.assignedTeams: A desk can have at most 1 assigned team',
    ]);
  });

  it('names overlapping desks by alias, or id when the alias is blank', () => {
    const errors = errorsOf(
      makeDrawing({
        desks: [
          makeDesk({ id: '1', alias: 'A12', x: 0, y: 0 }),
          makeDesk({ id: '2', alias: 'A13', x: 10, y: 10 }),
          makeDesk({ id: '3', alias: 'A14', x: 30, y: 0 }), // touches A13? no: A13 spans 10..30
          makeDesk({ id: 'q', alias: '  ', x: 500, y: 500 }),
          makeDesk({ id: 'r', alias: '', x: 519, y: 500 }),
        ],
      }),
    );
    expect(errors).toEqual(['Desk "A12" overlaps desk "A13"', 'Desk "q" overlaps desk "r"']);
  });

  it('desks touching edges are allowed', () => {
    const desks = [0, 20, 40].map((x) => makeDesk({ id: `d${x}`, x, y: 0 }));
    expect(validateDrawing(makeDrawing({ desks })).ok).toBe(true);
  });

  it('every element must be on the canvas', () => {
    const errors = errorsOf(
      makeDrawing({
        desks: [makeDesk({ id: 'edge', alias: 'Edge', x: CANVAS_SIZE - 19, y: 0 }), makeDesk({ id: 'ok', x: CANVAS_SIZE - 20, y: 40 })],
        doors: [{ x: -1, y: 0, rotation: 0 }],
        text: [{ x: 0, y: CANVAS_SIZE + 1, text: '', fontSize: 'small' }],
        floorplanRectangles: [{ x: 19000, y: 0, width: 1001, height: 10, rotation: 0 }],
        roomRectangles: [{ x: 0, y: 0, width: CANVAS_SIZE, height: CANVAS_SIZE, rotation: 0 }],
        floorplanShapes: [
          { id: 's', x: 19990, y: 0, width: 20, height: 0, rotation: 0, path: [{ type: 'Move', x: 0, y: 0 }] },
        ],
      }),
    );
    expect(errors).toEqual([
      'Desk "Edge" is outside the 20000x20000 canvas',
      'Door 1 is outside the 20000x20000 canvas',
      'Text 1 is outside the 20000x20000 canvas',
      'Floor space 1 is outside the 20000x20000 canvas',
      'Shape 1 is outside the 20000x20000 canvas',
    ]);
  });

  it('bounds strings and arrays', () => {
    expect(errorsOf(makeDrawing({ desks: [makeDesk({ alias: 'x'.repeat(101) })] }))[0]).toMatch(/^desks\.0\.alias/);
    expect(errorsOf(makeDrawing({ text: [{ x: 0, y: 0, text: 'x'.repeat(1001), fontSize: 'small' }] }))[0]).toMatch(
      /^text\.0\.text/,
    );
    expect(errorsOf({ ...emptyDrawing(), desks: new Array(10_001).fill(0) })).toEqual(['desks: at most 10000 are allowed']);
  });

  it('refuses unknown path steps and font sizes', () => {
    const shape = { id: 's', x: 0, y: 0, width: 0, height: 0, rotation: 0, path: [{ type: 'Arc', x: 0, y: 0 }] };
    expect(errorsOf(makeDrawing({ floorplanShapes: [shape] as never })).length).toBe(1);
    expect(errorsOf(makeDrawing({ text: [{ x: 0, y: 0, text: '', fontSize: 'huge' }] as never })).length).toBe(1);
  });

  it('caps the number of messages', () => {
    const desks = Array.from({ length: 200 }, (_, i) => makeDesk({ id: `d${i}`, x: 0, y: 0 }));
    const errors = errorsOf(makeDrawing({ desks }));
    expect(errors).toHaveLength(MAX_REPORTED_ERRORS + 1);
    expect(errors.at(-1)).toMatch(/more problems$/);
  });

  it('checks 10,000 desks quickly', () => {
    const desks = Array.from({ length: 10_000 }, (_, i) =>
      makeDesk({ id: `d${i}`, alias: `D${i}`, x: (i % 100) * 30, y: Math.floor(i / 100) * 30 }),
    );
    const started = performance.now();
    expect(validateDrawing(makeDrawing({ desks })).ok).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('checks 10,000 stacked desks quickly (hostile input)', () => {
    const desks = Array.from({ length: 10_000 }, (_, i) => makeDesk({ id: `d${i}`, x: 0, y: 0 }));
    const started = performance.now();
    expect(validateDrawing(makeDrawing({ desks })).ok).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('validateDrawing properties', () => {
  it('never throws on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const result = validateDrawing(value);
        return result.ok ? drawingSchema.safeParse(result.drawing).success : result.errors.length > 0;
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on drawing-shaped junk', () => {
    const anyList = fc.array(fc.oneof(fc.anything(), fc.record({ x: fc.double(), y: fc.double(), id: fc.string() })), {
      maxLength: 5,
    });
    fc.assert(
      fc.property(
        fc.record({ desks: anyList, doors: anyList, text: anyList, floorplanShapes: anyList, lastUpdate: fc.anything() }),
        (value) => {
          validateDrawing({ ...emptyDrawing(), ...value });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('accepts every grid of non-overlapping desks on the canvas', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 999 })), {
          maxLength: 50,
          selector: ([x, y]) => `${x},${y}`,
        }),
        (cells) => {
          const desks = cells.map(([cx, cy], i) => makeDesk({ id: `d${i}`, x: cx * 20, y: cy * 20 }));
          return validateDrawing(makeDrawing({ desks })).ok;
        },
      ),
    );
  });
});
