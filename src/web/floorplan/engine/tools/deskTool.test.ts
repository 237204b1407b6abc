import { describe, expect, it } from 'vitest';
import { makeDesk, makeDrawing } from '../../../../domain/layout/testDrawings.js';
import { driveEditor } from '../testDriver.js';

describe('desk tool', () => {
  it('a click places a desk centred under the pointer, top-left snapped, as one undo step', () => {
    const t = driveEditor({ tool: 'desk' });
    t.click([114, 127]); // top-left 104,117 -> 100,120
    expect(t.drawing().desks).toEqual([
      { x: 100, y: 120, rotation: 0, bookable: true, id: 'id1', alias: 'Desk 1', assignedTeams: [], tags: [] },
    ]);
    expect(t.state().selection).toEqual({ kind: 'desk', id: 'id1' });
    t.key('z', { ctrlKey: true });
    expect(t.drawing().desks).toEqual([]);
    expect(t.state().selection).toBeNull();
  });

  it('uses the default rotation (R) and the new-desk bookable flag (T)', () => {
    const t = driveEditor({ tool: 'desk' });
    t.key('r');
    t.key('r');
    t.key('t');
    t.click([110, 110]);
    expect(t.drawing().desks[0]).toMatchObject({ rotation: 90, bookable: false });
  });

  it('refuses a desk overlapping another, with a notice and no undo step', () => {
    const t = driveEditor({ tool: 'desk', drawing: makeDrawing({ desks: [makeDesk({ id: 'a', alias: 'A1', x: 100, y: 100 })] }) });
    t.click([125, 110]); // top-left 115,100 snaps to 120,100: touching desk A1's edge is allowed
    expect(t.drawing().desks).toHaveLength(2);
    t.key('s'); // snapping off
    t.click([135, 125]); // top-left 125,115 overlaps the desk at 120..140
    expect(t.drawing().desks).toHaveLength(2);
    expect(t.intents).toEqual([{ type: 'notice', message: 'Desks cannot overlap: this would overlap desk "Desk 2"' }]);
    expect(t.state().toolState).toBe('idle');
  });

  it('press and slide is one undo step; the slide stops before another desk', () => {
    const t = driveEditor({ tool: 'desk', drawing: makeDrawing({ desks: [makeDesk({ id: 'a', x: 200, y: 100 })] }) });
    t.down([110, 110]);
    expect(t.state().toolState).toBe('placing');
    t.move([150, 110]);
    t.move([195, 110]); // would overlap desk a at 200
    t.up([195, 110]);
    expect(t.drawing().desks[1]).toMatchObject({ x: 140, y: 100 });
    t.key('z', { ctrlKey: true });
    expect(t.drawing().desks).toHaveLength(1);
    expect(t.state().canUndo).toBe(false);
  });

  it('Escape while placing removes the new desk', () => {
    const t = driveEditor({ tool: 'desk' });
    t.down([110, 110]);
    t.move([300, 300]);
    t.key('Escape');
    t.up([300, 300]);
    expect(t.drawing().desks).toEqual([]);
    expect(t.state().canUndo).toBe(false);
  });

  it('a press on an existing desk selects it; a double-click opens its editor', () => {
    const t = driveEditor({ tool: 'desk', drawing: makeDrawing({ desks: [makeDesk({ id: 'a', x: 100, y: 100 })] }) });
    t.doubleClick([110, 110]);
    expect(t.drawing().desks).toHaveLength(1);
    expect(t.state().selection).toEqual({ kind: 'desk', id: 'a' });
    expect(t.intents).toEqual([{ type: 'openDeskEditor', deskId: 'a' }]);
  });

  it('keeps new desks on the canvas and names them uniquely', () => {
    const t = driveEditor({ tool: 'desk' });
    t.click([3, 3]);
    t.click([19999, 19999]);
    expect(t.drawing().desks.map((d) => [d.x, d.y, d.alias])).toEqual([
      [0, 0, 'Desk 1'],
      [19980, 19980, 'Desk 2'],
    ]);
  });
});
