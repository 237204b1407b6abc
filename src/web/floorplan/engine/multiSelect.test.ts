import { describe, expect, it } from 'vitest';
import { makeDesk, makeDrawing } from '../../../domain/layout/testDrawings.js';
import type { Desk } from '../../../domain/layout/drawing.js';
import { driveEditor } from './testDriver.js';

const desk = (id: string, x: number, y: number, alias = id.toUpperCase()) => makeDesk({ id, alias, x, y });
/** A row of three desks (a, b, c) 40 apart, a lone desk d below, a door and a text box. */
const floor = () =>
  makeDrawing({
    desks: [desk('a', 100, 100, 'A-001'), desk('b', 140, 100, 'A-002'), desk('c', 180, 100, 'A-003'), desk('d', 100, 300, 'A-004')],
    doors: [{ x: 500, y: 500, rotation: 0 }],
    text: [{ x: 600, y: 600, text: 'Kitchen', fontSize: 'large' }],
  });
const ids = (s: { selected: readonly { kind: string }[] }) => s.selected.map((r) => ('id' in r ? r.id : `${r.kind}`));
const at = (t: ReturnType<typeof driveEditor>, id: string) => t.drawing().desks.find((d) => d.id === id)!;

describe('selection', () => {
  it('shift-click adds and removes; selection is the one element only when exactly one is selected', () => {
    const t = driveEditor({ drawing: floor() });
    t.click([110, 110]);
    expect(t.state().selection).toEqual({ kind: 'desk', id: 'a' });
    t.shiftClick([150, 110]);
    expect(ids(t.state())).toEqual(['a', 'b']);
    expect(t.state().selection).toBeNull();
    t.shiftClick([110, 110]);
    expect(ids(t.state())).toEqual(['b']);
    expect(t.state().selection).toEqual({ kind: 'desk', id: 'b' });
    expect(t.state().canUndo).toBe(false);
  });

  it('a plain click on one of several selected elements selects just it; on empty canvas clears', () => {
    const t = driveEditor({ drawing: floor() });
    t.click([110, 110]);
    t.shiftClick([150, 110]);
    t.click([150, 110]);
    expect(ids(t.state())).toEqual(['b']);
    t.click([5000, 5000]);
    expect(t.state().selected).toEqual([]);
  });

  it('Ctrl+A selects everything; Escape clears', () => {
    const t = driveEditor({ drawing: floor() });
    expect(t.key('a', { ctrlKey: true })).toBe(true);
    expect(t.state().selected).toHaveLength(6);
    t.key('Escape');
    expect(t.state().selected).toEqual([]);
  });
});

describe('marquee', () => {
  it('selects what its rectangle intersects (not only what lies inside), without an undo step', () => {
    const t = driveEditor({ drawing: floor() });
    t.down([90, 90]);
    t.move([130, 105]);
    expect(t.state().toolState).toBe('marquee');
    expect(t.state().marquee).toEqual({ x: 90, y: 90, width: 40, height: 15 });
    expect(ids(t.state())).toEqual(['a']);
    t.up([150, 105]); // reaches half-way into b (140..160): intersecting is enough
    expect(ids(t.state())).toEqual(['a', 'b']);
    expect(t.state().marquee).toBeNull();
    expect(t.state().canUndo).toBe(false);
  });

  it('drags in any direction, and Shift adds to the selection', () => {
    const t = driveEditor({ drawing: floor() });
    t.click([110, 310]);
    t.shiftDrag([250, 130], [175, 90]);
    expect(ids(t.state())).toEqual(['d', 'c']);
  });

  it('Escape during a marquee puts the selection back', () => {
    const t = driveEditor({ drawing: floor() });
    t.click([110, 310]);
    t.down([90, 90], { shiftKey: true });
    t.move([300, 130]);
    expect(t.state().selected).toHaveLength(4);
    t.key('Escape');
    expect(ids(t.state())).toEqual(['d']);
    expect(t.state().marquee).toBeNull();
  });
});

const selectRow = (t: ReturnType<typeof driveEditor>) => t.drag([90, 90], [210, 130]);

describe('group move, rotate, delete', () => {
  it('dragging any selected element moves them all, snapped, as ONE undo step', () => {
    const t = driveEditor({ drawing: floor() });
    selectRow(t);
    expect(ids(t.state())).toEqual(['a', 'b', 'c']);
    const before = t.drawing();
    t.down([150, 110]);
    for (let x = 152; x <= 200; x += 4) t.move([x, 113]);
    t.up([203, 113]);
    expect([at(t, 'a').x, at(t, 'b').x, at(t, 'c').x]).toEqual([150, 190, 230]);
    expect(at(t, 'a').y).toBe(100);
    expect(ids(t.state())).toEqual(['a', 'b', 'c']);
    t.key('z', { ctrlKey: true });
    expect(t.drawing()).toBe(before);
    expect(t.state().canUndo).toBe(false);
  });

  it('a dragged selection of desks is offered to the view as the start drawing plus one offset', () => {
    const t = driveEditor({ drawing: floor() });
    t.click([110, 110]);
    t.shiftClick([150, 110]);
    const before = t.drawing();
    expect(t.state().groupDrag).toBeNull();
    t.down([150, 110]);
    t.move([173, 112]);
    const drag = t.state().groupDrag!;
    expect(drag.base).toBe(before);
    expect([...drag.deskIds].sort()).toEqual(['a', 'b']);
    expect([drag.dx, drag.dy]).toEqual([20, 0]);
    // The state's drawing holds the moved desks too, as before.
    expect([at(t, 'a').x, at(t, 'b').x]).toEqual([120, 160]);
    t.move([110, 300]); // a would land on d: refused, the offset stays where the group last fitted
    expect([t.state().groupDrag!.dx, t.state().groupDrag!.dy]).toEqual([20, 0]);
    t.up([173, 112]);
    expect(t.state().groupDrag).toBeNull();
    expect(at(t, 'a').x).toBe(120);
    // Escape puts the start drawing back and ends the offset; a selection with a door is not offered.
    t.down([130, 110]);
    t.move([150, 110]);
    expect(t.state().groupDrag).not.toBeNull();
    t.key('Escape');
    expect(t.state().groupDrag).toBeNull();
    expect(at(t, 'a').x).toBe(120);
    t.shiftClick([505, 505]);
    t.down([130, 110]);
    t.move([150, 110]);
    expect(t.state().toolState).toBe('dragging');
    expect(t.state().groupDrag).toBeNull();
  });

  it('a group move onto a desk that stays is refused: the group stays where it last fitted', () => {
    const t = driveEditor({ drawing: floor() });
    selectRow(t);
    t.down([110, 110]);
    t.move([110, 160]); // 50 down: fits
    t.move([110, 300]); // a would land on d (100,300)
    t.up([110, 300]);
    expect(at(t, 'a')).toMatchObject({ x: 100, y: 150 });
  });

  it('R rotates the selection about its centre (desks keep whole degrees); without a selection R turns new desks', () => {
    const t = driveEditor({ drawing: floor() });
    selectRow(t);
    t.key('r');
    t.key('r'); // 90 in two 45 steps: the row becomes a column about the row's centre (150, 110)
    expect(t.state().defaultDeskRotation).toBe(0);
    expect([at(t, 'a'), at(t, 'b'), at(t, 'c')].map((d) => [d.x, d.y, d.rotation])).toEqual([
      [140, 60, 90],
      [140, 100, 90],
      [140, 140, 90],
    ]);
    t.key('Escape');
    t.key('r');
    expect(t.state().defaultDeskRotation).toBe(45);
  });

  it('Delete with desks asks ONCE for all of them; deleteElements removes the whole selection as one step', () => {
    const t = driveEditor({ drawing: floor() });
    t.click([110, 110]);
    t.shiftClick([150, 110]);
    t.shiftClick([505, 505]);
    expect(t.key('Delete')).toBe(true);
    expect(t.intents).toEqual([
      { type: 'confirmDeleteDesk', deskId: 'a', deskIds: ['a', 'b'], refs: [{ kind: 'desk', id: 'a' }, { kind: 'desk', id: 'b' }, { kind: 'door', index: 0 }] },
    ]);
    expect(t.drawing().desks).toHaveLength(4);
    const intent = t.intents[0]!;
    if (intent.type === 'confirmDeleteDesk') t.editor.deleteElements(intent.refs);
    expect(t.drawing().desks.map((d) => d.id)).toEqual(['c', 'd']);
    expect(t.drawing().doors).toEqual([]);
    expect(t.state().selected).toEqual([]);
    t.key('z', { ctrlKey: true });
    expect(t.drawing().desks).toHaveLength(4);
    expect(t.drawing().doors).toHaveLength(1);
  });

  it('Backspace deletes a selection without desks at once', () => {
    const t = driveEditor({ drawing: floor() });
    t.click([505, 505]);
    t.key('Backspace');
    expect(t.drawing().doors).toEqual([]);
    expect(t.intents).toEqual([]);
  });
});

describe('copy, paste, duplicate', () => {
  it('Ctrl+D duplicates with new ids and the next free names, placed clear of the source, selected, one step', () => {
    const t = driveEditor({ drawing: floor() });
    t.click([110, 310]); // d: A-004
    expect(t.key('d', { ctrlKey: true })).toBe(true);
    const added = t.drawing().desks.slice(4);
    // One grid step down-right would sit on the source desk, so it goes right of it.
    expect(added).toEqual([expect.objectContaining({ id: 'id1', alias: 'A-005', x: 130, y: 300 })]);
    expect(ids(t.state())).toEqual(['id1']);
    t.key('z', { ctrlKey: true });
    expect(t.drawing().desks).toHaveLength(4);
  });

  it('Ctrl+C then Ctrl+V twice lays copies out one after another, names continuing', () => {
    const t = driveEditor({ drawing: floor() });
    t.click([505, 505]);
    t.shiftClick([110, 310]);
    t.key('c', { ctrlKey: true });
    t.key('v', { ctrlKey: true });
    t.key('v', { ctrlKey: true });
    // One grid step down-right would put the copied desk on its source, so each copy goes right of
    // the copied box (100..530, 430 wide) plus a grid step: +440, then +440 again.
    expect(t.drawing().desks.slice(4).map((d) => [d.alias, d.x, d.y])).toEqual([
      ['A-005', 540, 300],
      ['A-006', 980, 300],
    ]);
    expect(t.drawing().doors.map((d) => [d.x, d.y])).toEqual([[500, 500], [940, 500], [1380, 500]]);
  });

  it('a door alone is pasted one grid step down-right', () => {
    const t = driveEditor({ drawing: floor() });
    t.click([505, 505]);
    t.key('c', { ctrlKey: true });
    t.key('v', { ctrlKey: true });
    expect(t.drawing().doors.map((d) => [d.x, d.y])).toEqual([[500, 500], [510, 510]]);
    expect(t.state().selected).toEqual([{ kind: 'door', index: 1 }]);
  });

  it('a paste that cannot fit anywhere is refused with a notice and changes nothing', () => {
    const wall: Desk[] = [];
    for (let x = 0; x < 300; x += 20) for (let y = 0; y < 300; y += 20) wall.push(desk(`w${x}-${y}`, x, y, `W${x}-${y}`));
    const t = driveEditor({ drawing: makeDrawing({ desks: wall }) });
    t.click([150, 150]);
    const before = t.drawing();
    t.key('d', { ctrlKey: true });
    expect(t.drawing()).toBe(before);
    expect(t.intents.at(-1)).toMatchObject({ type: 'notice', message: expect.stringContaining('overlap') });
  });

  it('Ctrl+C with nothing selected is left to the browser', () => {
    const t = driveEditor({ drawing: floor() });
    expect(t.key('c', { ctrlKey: true })).toBe(false);
    expect(t.key('v', { ctrlKey: true })).toBe(false);
  });
});

describe('align and distribute', () => {
  const scattered = () =>
    makeDrawing({ desks: [desk('a', 100, 100), desk('b', 200, 137), desk('c', 260, 90), desk('e', 400, 120)] });

  it('align top and bottom line the selection up as one step', () => {
    const t = driveEditor({ drawing: scattered() });
    t.key('a', { ctrlKey: true });
    t.editor.alignSelection('top');
    expect(t.drawing().desks.map((d) => d.y)).toEqual([90, 90, 90, 90]);
    t.editor.alignSelection('bottom');
    expect(t.drawing().desks.map((d) => d.y)).toEqual([90, 90, 90, 90]);
    t.key('z', { ctrlKey: true });
    t.key('z', { ctrlKey: true });
    expect(t.drawing().desks.map((d) => d.y)).toEqual([100, 137, 90, 120]);
  });

  it('align left of desks in a row would stack them: refused with a notice', () => {
    const t = driveEditor({ drawing: scattered() });
    t.key('a', { ctrlKey: true });
    const r = t.editor.alignSelection('left');
    expect(r.ok).toBe(false);
    expect(t.intents.at(-1)).toMatchObject({ type: 'notice' });
  });

  it('distribute horizontally makes equal gaps, ends fixed; needs 3+', () => {
    const t = driveEditor({ drawing: scattered() });
    expect(t.editor.getState().selected).toEqual([]);
    t.key('a', { ctrlKey: true });
    t.editor.distributeSelection('horizontal');
    expect(t.drawing().desks.map((d) => d.x)).toEqual([100, 200, 300, 400]);
  });
});

describe('nudge', () => {
  it('arrows move by 1, Shift by the grid; a burst in one direction is ONE undo step', () => {
    let now = 0;
    const t = driveEditor({ drawing: floor(), now: () => now });
    t.click([110, 310]);
    t.key('ArrowRight');
    now += 300;
    t.key('ArrowRight');
    now += 300;
    t.key('ArrowRight', { shiftKey: true });
    expect(at(t, 'd')).toMatchObject({ x: 100 + 1 + 1 + 10, y: 300 });
    now += 300;
    t.key('ArrowDown'); // another direction: a new step
    expect(at(t, 'd').y).toBe(301);
    t.key('z', { ctrlKey: true });
    expect(at(t, 'd')).toMatchObject({ x: 112, y: 300 });
    t.key('z', { ctrlKey: true });
    expect(at(t, 'd')).toMatchObject({ x: 100, y: 300 });
    expect(t.state().canUndo).toBe(false);
  });

  it('a pause of a second starts a new step', () => {
    let now = 0;
    const t = driveEditor({ drawing: floor(), now: () => now });
    t.click([110, 310]);
    t.key('ArrowLeft');
    now += 1500;
    t.key('ArrowLeft');
    t.key('z', { ctrlKey: true });
    expect(at(t, 'd').x).toBe(99);
  });

  it('arrows without a selection are left to the page (scrolling)', () => {
    const t = driveEditor({ drawing: floor() });
    expect(t.key('ArrowLeft')).toBe(false);
  });
});

describe('API for the desk block tool', () => {
  it('insertDesks adds all as one step and selects them; refuses the whole set with a message', () => {
    const t = driveEditor({ drawing: floor() });
    expect(t.editor.insertDesks([desk('n1', 1000, 1000, 'B-001'), desk('n2', 1020, 1000, 'B-002')])).toEqual({ ok: true });
    expect(ids(t.state())).toEqual(['n1', 'n2']);
    t.key('z', { ctrlKey: true });
    expect(t.drawing().desks).toHaveLength(4);
    expect(t.editor.insertDesks([desk('n1', 1000, 1000, 'B-001'), desk('n2', 1010, 1000, 'B-002')])).toEqual({
      ok: false,
      message: expect.stringContaining('overlap'),
    });
    expect(t.editor.insertDesks([desk('n1', 1000, 1000, 'A-001')])).toMatchObject({ ok: false, message: expect.stringContaining('A-001') });
    expect(t.editor.insertDesks([desk('a', 1000, 1000, 'Z')])).toMatchObject({ ok: false });
    expect(t.editor.insertDesks([desk('n1', 19990, 1000, 'Z')])).toMatchObject({ ok: false, message: expect.stringContaining('canvas') });
    expect(t.drawing().desks).toHaveLength(4);
  });

  it('renameDesks renames as one step and refuses duplicates', () => {
    const t = driveEditor({ drawing: floor() });
    expect(t.editor.renameDesks(new Map([['a', 'X-1'], ['b', 'X-2']])).ok).toBe(true);
    expect(t.drawing().desks.map((d) => d.alias)).toEqual(['X-1', 'X-2', 'A-003', 'A-004']);
    expect(t.editor.renameDesks(new Map([['a', 'A-003']]))).toMatchObject({ ok: false, reason: expect.stringContaining('A-003') });
    t.key('z', { ctrlKey: true });
    expect(t.drawing().desks.map((d) => d.alias)).toEqual(['A-001', 'A-002', 'A-003', 'A-004']);
  });

  it('selectedDesksInReadingOrder: rows top to bottom (centres within half a desk), each left to right', () => {
    const t = driveEditor({
      drawing: makeDrawing({ desks: [desk('r2b', 140, 200), desk('r1b', 140, 105), desk('r2a', 100, 195), desk('r1a', 100, 100)] }),
    });
    t.key('a', { ctrlKey: true });
    expect(t.editor.selectedDesksInReadingOrder().map((d) => d.id)).toEqual(['r1a', 'r1b', 'r2a', 'r2b']);
  });
});

describe('zoom', () => {
  it('the wheel may go to 0.05-2 and the state says it is outside the buttons\' range; buttons come back', () => {
    const t = driveEditor();
    t.editor.zoomTo(1.6);
    expect(t.state()).toMatchObject({ zoom: 1.6, zoomOutsideButtons: true });
    t.editor.zoomTo(9);
    expect(t.state().zoom).toBe(2);
    t.editor.zoomIn();
    expect(t.state().zoom).toBe(2);
    t.editor.zoomOut();
    expect(t.state()).toMatchObject({ zoom: 0.7, zoomOutsideButtons: false });
    t.editor.zoomTo(0.01);
    expect(t.state().zoom).toBe(0.05);
  });
});
