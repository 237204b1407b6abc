import { describe, expect, it } from 'vitest';
import { driveEditor } from '../testDriver.js';

describe('text tool', () => {
  it('a click adds an empty small text box, one undo step, and opens the text editor', () => {
    const t = driveEditor({ tool: 'text' });
    t.click([103, 207]);
    expect(t.drawing().text).toEqual([{ x: 100, y: 210, text: '', fontSize: 'small' }]);
    expect(t.intents).toEqual([{ type: 'openTextEditor', index: 0 }]);
    expect(t.state().selection).toEqual({ kind: 'text', index: 0 });
    t.key('z', { ctrlKey: true });
    expect(t.drawing().text).toEqual([]);
  });

  it('a click on existing text selects it; a double-click edits it', () => {
    const t = driveEditor({ tool: 'text' });
    t.click([100, 100]);
    t.doubleClick([105, 105]);
    expect(t.drawing().text).toHaveLength(1);
    expect(t.intents.at(-1)).toEqual({ type: 'openTextEditor', index: 0 });
  });
});

describe('door tool', () => {
  it('a click adds a door centred on the pointer and selects it', () => {
    const t = driveEditor({ tool: 'door' });
    t.click([115, 115]);
    expect(t.drawing().doors).toEqual([{ x: 100, y: 100, rotation: 0 }]);
    expect(t.state().selection).toEqual({ kind: 'door', index: 0 });
    expect(t.state().canUndo).toBe(true);
  });

  it('a double-click on a door says it has no properties to edit', () => {
    const t = driveEditor({ tool: 'door' });
    t.doubleClick([115, 115]);
    expect(t.drawing().doors).toHaveLength(1);
    expect(t.intents).toEqual([{ type: 'alert', message: 'No properties to edit' }]);
  });
});

describe.each([
  ['floor', 'floorplanRectangles', 'floorRect'],
  ['room', 'roomRectangles', 'roomRect'],
] as const)('%s rectangle tool', (tool, list, kind) => {
  it('a drag draws a snapped rectangle in its own list, as ONE undo step', () => {
    const t = driveEditor({ tool });
    t.down([103, 98]);
    t.move([150, 150]);
    expect(t.drawing()[list]).toEqual([{ x: 100, y: 100, width: 50, height: 50, rotation: 0 }]);
    t.move([250, 180]);
    t.up([312, 196]);
    expect(t.drawing()[list]).toEqual([{ x: 100, y: 100, width: 210, height: 100, rotation: 0 }]);
    expect(t.state().selection).toEqual({ kind, index: 0 });
    t.key('z', { ctrlKey: true });
    expect(t.drawing()[list]).toEqual([]);
    expect(t.state().canUndo).toBe(false);
  });

  it('drawn up and to the left still gives a positive size', () => {
    const t = driveEditor({ tool });
    t.drag([300, 300], [100, 200]);
    expect(t.drawing()[list]).toEqual([{ x: 100, y: 200, width: 200, height: 100, rotation: 0 }]);
  });

  it('a click without a drag adds nothing', () => {
    const t = driveEditor({ tool });
    t.click([100, 100]);
    expect(t.drawing()[list]).toEqual([]);
    expect(t.state().canUndo).toBe(false);
  });

  it('Escape mid-drag restores the drawing', () => {
    const t = driveEditor({ tool });
    t.down([100, 100]);
    t.move([300, 300]);
    t.key('Escape');
    t.up([300, 300]);
    expect(t.drawing()[list]).toEqual([]);
    expect(t.state().canUndo).toBe(false);
  });
});
