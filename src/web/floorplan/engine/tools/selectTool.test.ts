import { describe, expect, it } from 'vitest';
import { makeDesk, makeDrawing } from '../../../../domain/layout/testDrawings.js';
import { driveEditor } from '../testDriver.js';

const floor = () =>
  makeDrawing({
    desks: [makeDesk({ id: 'a', alias: 'A1', x: 100, y: 100 }), makeDesk({ id: 'b', alias: 'B1', x: 200, y: 100 })],
    doors: [{ x: 500, y: 500, rotation: 0 }],
    text: [{ x: 600, y: 600, text: 'Kitchen', fontSize: 'large' }],
    roomRectangles: [{ x: 1000, y: 1000, width: 100, height: 100, rotation: 0 }],
  });

describe.each(['pointer', 'select'] as const)('%s tool', (tool) => {
  it('a click selects; a click on empty canvas deselects; neither is an undo step', () => {
    const t = driveEditor({ drawing: floor(), tool });
    t.click([110, 110]);
    expect(t.state().selection).toEqual({ kind: 'desk', id: 'a' });
    expect(t.state().toolState).toBe('idle');
    t.click([5000, 5000]);
    expect(t.state().selection).toBeNull();
    expect(t.state().canUndo).toBe(false);
  });

  it('a drag moves the element with its top-left snapped to 10, as ONE undo step', () => {
    const t = driveEditor({ drawing: floor(), tool });
    const before = t.drawing();
    t.down([110, 110]);
    t.move([120, 115]);
    expect(t.state().toolState).toBe('dragging');
    t.move([130, 120]);
    t.up([143, 127]);
    expect(t.drawing().desks[0]).toMatchObject({ x: 130, y: 120 });
    expect(t.state().toolState).toBe('idle');
    t.key('z', { ctrlKey: true });
    expect(t.drawing()).toBe(before);
    expect(t.state().canUndo).toBe(false);
    t.key('y', { ctrlKey: true });
    expect(t.drawing().desks[0]).toMatchObject({ x: 130, y: 120 });
  });

  it('moves freely when snapping is off', () => {
    const t = driveEditor({ drawing: floor(), tool, snap: false });
    t.drag([110, 110], [143, 127]);
    expect(t.drawing().desks[0]).toMatchObject({ x: 133, y: 117 });
  });

  it('a press that barely moves is a click, not a drag', () => {
    const t = driveEditor({ drawing: floor(), tool });
    const before = t.drawing();
    t.drag([110, 110], [112, 111]); // below 3 screen px at zoom 0.5 (6 canvas units)
    expect(t.drawing()).toBe(before);
    expect(t.state().canUndo).toBe(false);
  });

  it('a desk dragged into another stays where it last fitted', () => {
    const t = driveEditor({ drawing: floor(), tool });
    t.down([110, 110]);
    t.move([160, 110]); // desk a -> x 150, fits
    t.move([195, 110]); // x 185 -> snapped 190: overlaps b (200..220)
    t.up([195, 110]);
    expect(t.drawing().desks[0]).toMatchObject({ x: 150, y: 100 });
  });

  it('Escape during a drag restores the pre-drag drawing and records nothing', () => {
    const t = driveEditor({ drawing: floor(), tool });
    const before = t.drawing();
    t.down([110, 110]);
    t.move([300, 300]);
    expect(t.drawing()).not.toBe(before);
    expect(t.key('Escape')).toBe(true);
    expect(t.drawing()).toBe(before);
    expect(t.state().toolState).toBe('idle');
    t.up([300, 300]);
    expect(t.drawing()).toBe(before);
    expect(t.state().canUndo).toBe(false);
  });

  it('moves other elements too (door, text, room)', () => {
    const t = driveEditor({ drawing: floor(), tool });
    t.drag([510, 510], [560, 540]);
    expect(t.drawing().doors[0]).toMatchObject({ x: 550, y: 530 });
    t.drag([1050, 1050], [1100, 1100]);
    expect(t.drawing().roomRectangles[0]).toMatchObject({ x: 1050, y: 1050 });
    expect(t.state().selection).toEqual({ kind: 'roomRect', index: 0 });
  });

  it('the handle above the selection rotates it, 45-degree steps when snapping, one undo step', () => {
    const t = driveEditor({ drawing: floor(), tool });
    t.click([110, 110]);
    // Desk a centre (110, 110); handle 15 above the top edge at (110, 85).
    t.down([110, 85]);
    expect(t.state().toolState).toBe('rotating');
    t.move([150, 100]);
    t.up([160, 112]); // ~92 degrees -> 90
    expect(t.drawing().desks[0]?.rotation).toBe(90);
    t.key('z', { ctrlKey: true });
    expect(t.drawing().desks[0]?.rotation).toBe(0);
  });

  it('rotates to whole degrees when snapping is off; Escape restores', () => {
    const t = driveEditor({ drawing: floor(), tool, snap: false });
    t.click([110, 110]);
    t.down([110, 85]);
    t.move([160, 111]);
    expect(t.drawing().desks[0]?.rotation).toBe(91);
    t.key('Escape');
    expect(t.drawing().desks[0]?.rotation).toBe(0);
    expect(t.state().canUndo).toBe(false);
  });

  it('double-click opens the desk editor, the text editor, or says a door has no properties', () => {
    const t = driveEditor({ drawing: floor(), tool });
    t.doubleClick([110, 110]);
    t.doubleClick([610, 610]);
    t.doubleClick([510, 510]);
    t.doubleClick([5000, 5000]);
    expect(t.intents).toEqual([
      { type: 'openDeskEditor', deskId: 'a' },
      { type: 'openTextEditor', index: 0 },
      { type: 'alert', message: 'No properties to edit' },
    ]);
  });

  it('Escape with nothing in progress clears the selection, then does nothing', () => {
    const t = driveEditor({ drawing: floor(), tool });
    t.click([110, 110]);
    expect(t.key('Escape')).toBe(true);
    expect(t.state().selection).toBeNull();
    expect(t.key('Escape')).toBe(true); // still the Escape command, harmlessly
    expect(t.state().selection).toBeNull();
  });
});
