import { describe, expect, it } from 'vitest';
import { CANVAS_SIZE } from '../../../domain/layout/constants.js';
import { validateDrawing } from '../../../domain/layout/validateDrawing.js';
import { makeDesk, makeDrawing } from '../../../domain/layout/testDrawings.js';
import {
  DeskBlockError,
  blockSize,
  deskBlockProblems,
  planDeskBlock,
  renumber,
  type DeskBlockSpec,
} from './deskBlock.js';
import { DEFAULT_NAMING, formatName, nextNumberFor, parsePattern, prefixPattern, resolveNaming, type NamePattern } from './deskBlockNames.js';

const pattern = (source: string): NamePattern => {
  const r = parsePattern(source);
  if (!r.ok) throw new Error(r.message);
  return r.pattern;
};

const ids = () => {
  let n = 0;
  return () => `n${++n}`;
};

const spec = (over: Partial<DeskBlockSpec> = {}): DeskBlockSpec => ({
  origin: { x: 1000, y: 1000 },
  rows: 2,
  columns: 3,
  spacingX: 0,
  spacingY: 40,
  rotation: 0,
  facingPairs: false,
  naming: { pattern: pattern('A-{n:03}'), start: 1, floor: 'L2' },
  ...over,
});

const problemsOf = (run: () => unknown): readonly string[] => {
  try {
    run();
  } catch (e) {
    if (e instanceof DeskBlockError) return e.problems;
    throw e;
  }
  throw new Error('expected a DeskBlockError');
};

describe('name patterns', () => {
  it('reads {n}, {n:03}, {n:3} and {floor}', () => {
    expect(formatName(pattern('{floor}-{n:03}'), 7, 'L2')).toBe('L2-007');
    expect(formatName(pattern('Desk {n}'), 7, 'L2')).toBe('Desk 7');
    expect(formatName(pattern('{n:3}'), 12, '')).toBe('012');
    expect(formatName(pattern('{n}'), 1234, '')).toBe('1234');
  });

  it('explains a bad pattern', () => {
    const message = (s: string) => {
      const r = parsePattern(s);
      return r.ok ? 'ok' : r.message;
    };
    expect(message('A-{m}')).toMatch(/^Unknown placeholder \{m\}/);
    expect(message('A-')).toMatch(/needs \{n\}/);
    expect(message('{n}-{n}')).toBe('Use {n} only once in the pattern');
    expect(message('A-{n')).toMatch(/position 3 is never closed/);
    expect(message('A}{n}')).toMatch(/has no matching/);
    expect(message('{n:0123456789}')).toMatch(/at most 9/);
  });

  it('builds a prefix pattern and refuses braces in a prefix', () => {
    const r = prefixPattern('B');
    expect(r.ok && formatName(r.pattern, 5, '')).toBe('B5');
    expect(prefixPattern('B{')).toEqual({ ok: false, message: 'A prefix cannot contain { or }' });
  });

  it('continues from the highest number the pattern made, padded or not, ignoring other names', () => {
    const drawing = makeDrawing({
      desks: [
        makeDesk({ id: 'a', alias: 'A-007', x: 0 }),
        makeDesk({ id: 'b', alias: 'A-12', x: 40 }),
        makeDesk({ id: 'c', alias: 'A-900x', x: 80 }),
        makeDesk({ id: 'd', alias: 'B-500', x: 120 }),
        makeDesk({ id: 'e', alias: 'L2-040', x: 160 }),
      ],
    });
    expect(nextNumberFor(pattern('A-{n:03}'), drawing)).toBe(13);
    expect(nextNumberFor(pattern('C-{n}'), drawing)).toBe(1);
    expect(nextNumberFor(pattern('{floor}-{n:03}'), drawing, 'L2')).toBe(41);
    // The floor name is literal text, not a regular expression.
    expect(nextNumberFor(pattern('{floor}-{n:03}'), drawing, 'L.')).toBe(1);
  });
});

describe('the naming form', () => {
  const drawing = makeDrawing({ desks: [makeDesk({ id: 'a', alias: 'L2-009' }), makeDesk({ id: 'b', alias: 'Desk 4', x: 40 })] });

  it('continues from the floor when the start is empty, and takes a typed start as it is', () => {
    const auto = resolveNaming(DEFAULT_NAMING, 'L2', drawing);
    expect(auto.ok && [auto.start, auto.next]).toEqual([10, 10]);
    const typed = resolveNaming({ ...DEFAULT_NAMING, start: 3 }, 'L2', drawing);
    expect(typed.ok && typed.start).toBe(3);
    const prefix = resolveNaming({ ...DEFAULT_NAMING, mode: 'prefix' }, 'L2', drawing);
    expect(prefix.ok && [prefix.pattern.source, prefix.start]).toEqual(['Desk {n}', 5]);
  });

  it('says which field is wrong: the pattern (no next number) or the start', () => {
    expect(resolveNaming({ ...DEFAULT_NAMING, pattern: 'A' }, 'L2', drawing)).toMatchObject({ ok: false, next: null });
    expect(resolveNaming({ ...DEFAULT_NAMING, start: 1.5 }, 'L2', drawing)).toEqual({
      ok: false,
      message: 'The start number must be a whole number, 0 or more',
      next: 10,
    });
  });
});

describe('planDeskBlock', () => {
  it('places rows x columns left to right, top to bottom, bookable, named from the start number', () => {
    const desks = planDeskBlock(spec(), makeDrawing(), ids());
    expect(desks.map((d) => [d.x, d.y, d.rotation, d.alias])).toEqual([
      [1000, 1000, 0, 'A-001'],
      [1020, 1000, 0, 'A-002'],
      [1040, 1000, 0, 'A-003'],
      [1000, 1060, 0, 'A-004'],
      [1020, 1060, 0, 'A-005'],
      [1040, 1060, 0, 'A-006'],
    ]);
    expect(desks.every((d) => d.bookable && d.assignedTeams.length === 0 && d.tags.length === 0)).toBe(true);
    expect(desks.map((d) => d.id)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5', 'n6']);
  });

  it('puts facing pairs back to back, the second row turned 180, with the aisle between pairs', () => {
    const desks = planDeskBlock(spec({ rows: 4, columns: 1, facingPairs: true, rotation: 0, spacingY: 60 }), makeDrawing(), ids());
    expect(desks.map((d) => [d.y, d.rotation])).toEqual([
      [1000, 0],
      [1020, 180],
      [1100, 0],
      [1120, 180],
    ]);
    expect(blockSize(spec({ rows: 4, columns: 1, facingPairs: true, spacingY: 60 }))).toEqual({ width: 20, height: 140 });
  });

  it('lays the block out turned when the desks face sideways, and wraps the facing rotation', () => {
    const desks = planDeskBlock(spec({ rows: 2, columns: 2, facingPairs: true, rotation: 270, spacingX: 10 }), makeDrawing(), ids());
    expect(desks.map((d) => [d.x, d.y, d.rotation])).toEqual([
      [1000, 1000, 270],
      [1000, 1030, 270],
      [1020, 1000, 90],
      [1020, 1030, 90],
    ]);
  });

  it('makes a 10 x 20 block of 200 valid, non-overlapping desks A-001..A-200', () => {
    const drawing = makeDrawing();
    const desks = planDeskBlock(spec({ rows: 10, columns: 20, facingPairs: true }), drawing, ids());
    expect(desks).toHaveLength(200);
    expect(desks[0]?.alias).toBe('A-001');
    expect(desks[199]?.alias).toBe('A-200');
    expect(validateDrawing({ ...drawing, desks }).ok).toBe(true);
  });

  it('refuses more than 1,000 desks, off-canvas blocks and bad numbers, clearly', () => {
    expect(problemsOf(() => planDeskBlock(spec({ rows: 40, columns: 26 }), makeDrawing(), ids()))).toEqual([
      'A block can hold at most 1,000 desks; 40 × 26 is 1,040',
    ]);
    expect(problemsOf(() => planDeskBlock(spec({ origin: { x: CANVAS_SIZE - 50, y: 0 } }), makeDrawing(), ids()))[0]).toMatch(
      /^The block \(60 × 80\) does not fit on the 20,000 × 20,000 canvas at 19950, 0/,
    );
    expect(problemsOf(() => planDeskBlock(spec({ origin: { x: -10, y: 0 } }), makeDrawing(), ids()))[0]).toMatch(/does not fit/);
    expect(deskBlockProblems(spec({ rows: 0, spacingX: -1 }), makeDrawing())).toEqual([
      'Rows must be a whole number from 1 to 1,000',
      'The gap between desks must be 0 to 2,000',
    ]);
    // Typed nonsense is answered at once (the size is arithmetic, not a loop over a billion rows).
    expect(deskBlockProblems(spec({ rows: 1e9, columns: 1.5 }), makeDrawing())).toEqual([
      'Rows must be a whole number from 1 to 1,000',
      'Columns must be a whole number from 1 to 1,000',
    ]);
    expect(blockSize(spec({ rows: 1e9, columns: 1 })).height).toBe(1e9 * 20 + (1e9 - 1) * 40);
  });

  it('refuses names that are already used, listing the first few', () => {
    const taken = Array.from({ length: 8 }, (_, i) => makeDesk({ id: `t${i}`, alias: `A-00${i + 1}`, x: i * 40, y: 0 }));
    expect(problemsOf(() => planDeskBlock(spec(), makeDrawing({ desks: taken }), ids()))).toEqual([
      'These names are already used on this floor: A-001, A-002, A-003, A-004, A-005 and 1 more',
    ]);
  });

  it('refuses a padding narrower than the last number and names past the alias limit', () => {
    const narrow = spec({ rows: 10, columns: 20, naming: { pattern: pattern('A-{n:02}'), start: 1, floor: '' } });
    expect(deskBlockProblems(narrow, makeDrawing())).toEqual([
      '{n:02} pads to 2 digits but the numbers reach 200; use {n:03} or wider',
    ]);
    const long = spec({ naming: { pattern: pattern(`${'x'.repeat(99)}{n}`), start: 9, floor: '' } });
    expect(deskBlockProblems(long, makeDrawing())).toEqual(['Names would be 101 characters long; at most 100 are allowed']);
  });

  it('refuses a block overlapping an existing desk, naming it', () => {
    const drawing = makeDrawing({ desks: [makeDesk({ id: 'x', alias: 'Window', x: 1030, y: 1000 })] });
    expect(problemsOf(() => planDeskBlock(spec(), drawing, ids()))).toEqual(['The block would overlap desk "Window": place it elsewhere']);
  });
});

describe('renumbering', () => {
  it('renames in the given order from the start number, ignoring the renamed desks own names', () => {
    const drawing = makeDrawing({
      desks: [makeDesk({ id: 'a', alias: 'B2', x: 0 }), makeDesk({ id: 'b', alias: 'B1', x: 40 }), makeDesk({ id: 'c', alias: 'B9', x: 80 })],
    });
    const map = renumber([{ id: 'a' }, { id: 'b' }], pattern('B{n}'), 1, { drawing });
    expect([...map]).toEqual([
      ['a', 'B1'],
      ['b', 'B2'],
    ]);
    expect(problemsOf(() => renumber([{ id: 'a' }, { id: 'b' }], pattern('B{n}'), 8, { drawing }))).toEqual([
      'This name is already used on this floor: B9',
    ]);
    expect(problemsOf(() => renumber([], pattern('B{n}'), 1, { drawing }))).toEqual(['Select the desks to renumber first']);
  });
});
