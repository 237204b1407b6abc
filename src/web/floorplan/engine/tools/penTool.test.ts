import { describe, expect, it } from 'vitest';
import { driveEditor } from '../testDriver.js';

const pen = (options: { snap?: boolean } = {}) => driveEditor({ tool: 'pen', ...options });

describe('pen tool', () => {
  it('clicks add line points; a click within 5 of the start after more than 2 points closes the shape', () => {
    const t = pen();
    t.click([100, 100]);
    t.click([200, 100]);
    t.click([200, 200]);
    expect(t.state().toolState).toBe('drawing');
    expect(t.drawing().floorplanShapes).toEqual([]);
    t.click([103, 104]); // distance 5
    expect(t.state().toolState).toBe('idle');
    expect(t.drawing().floorplanShapes).toEqual([
      {
        id: 'id1',
        x: 100,
        y: 100,
        width: 100,
        height: 100,
        rotation: 0,
        path: [
          { type: 'Move', x: 0, y: 0 },
          { type: 'Line', x: 100, y: 0 },
          { type: 'Line', x: 100, y: 100 },
          { type: 'Closure' },
        ],
      },
    ]);
    expect(t.state().selection).toEqual({ kind: 'shape', id: 'id1' });
  });

  it('the whole shape is ONE undo step', () => {
    const t = pen();
    for (const p of [[0, 0], [100, 0], [100, 100], [0, 0]] as const) t.click(p);
    expect(t.state().canUndo).toBe(true);
    t.key('z', { ctrlKey: true });
    expect(t.drawing().floorplanShapes).toEqual([]);
    expect(t.state().canUndo).toBe(false);
  });

  it('does not close with only 2 points: the click adds a point instead', () => {
    const t = pen({ snap: false });
    t.click([100, 100]);
    t.click([200, 100]);
    t.click([102, 101]);
    expect(t.state().toolState).toBe('drawing');
    expect(t.state().preview?.steps).toHaveLength(3);
  });

  it('a click just over 5 from the start adds a point (snapping off)', () => {
    const t = pen({ snap: false });
    t.click([100, 100]);
    t.click([200, 100]);
    t.click([200, 200]);
    t.click([106, 100]);
    expect(t.state().toolState).toBe('drawing');
    t.click([100, 105]);
    expect(t.state().toolState).toBe('idle');
    expect(t.drawing().floorplanShapes[0]?.path.at(-1)).toEqual({ type: 'Closure' });
  });

  it('a drag makes a curve: end where pressed, control where released', () => {
    const t = pen();
    t.click([100, 100]);
    t.drag([200, 100], [180, 60], [170, 52]);
    expect(t.state().preview?.steps).toEqual([
      { type: 'Move', x: 100, y: 100 },
      { type: 'Curve', x1: 170, y1: 50, x: 200, y: 100 },
    ]);
  });

  it('Escape cancels the shape: nothing drawn, nothing to undo', () => {
    const t = pen();
    t.click([100, 100]);
    t.click([200, 100]);
    t.click([200, 200]);
    expect(t.key('Escape')).toBe(true);
    expect(t.state().toolState).toBe('idle');
    expect(t.state().preview).toBeNull();
    expect(t.drawing().floorplanShapes).toEqual([]);
    expect(t.state().canUndo).toBe(false);
  });

  it('Escape mid-drag of a curve also cancels the shape', () => {
    const t = pen();
    t.click([100, 100]);
    t.down([200, 100]);
    t.move([250, 150]);
    t.key('Escape');
    expect(t.state().preview).toBeNull();
    t.up([250, 150]);
    expect(t.state().toolState).toBe('idle');
  });

  it('Enter finishes an open shape of 2 or more points', () => {
    const t = pen();
    t.click([100, 100]);
    expect(t.key('Enter')).toBe(false); // one point is not a shape
    t.click([200, 100]);
    expect(t.key('Enter')).toBe(true);
    expect(t.drawing().floorplanShapes[0]?.path).toEqual([
      { type: 'Move', x: 0, y: 0 },
      { type: 'Line', x: 100, y: 0 },
    ]);
  });

  it('a double-click finishes an open shape without a doubled point', () => {
    const t = pen();
    t.click([100, 100]);
    t.click([200, 100]);
    t.doubleClick([200, 200]);
    expect(t.drawing().floorplanShapes[0]?.path.map((s) => s.type)).toEqual(['Move', 'Line', 'Line']);
  });

  it('previews the path, the cursor, and whether a click would close', () => {
    const t = pen();
    t.click([100, 100]);
    t.click([200, 100]);
    t.click([200, 200]);
    t.move([150, 150]);
    expect(t.state().preview).toMatchObject({ kind: 'pen', cursor: { x: 150, y: 150 }, canClose: false });
    t.move([102, 102]);
    expect(t.state().preview).toMatchObject({ cursor: { x: 100, y: 100 }, canClose: true });
  });

  it('changing tool, or Ctrl+Z, abandons the shape without undoing anything else', () => {
    const t = pen();
    for (const p of [[0, 0], [100, 0], [100, 100], [0, 0]] as const) t.click(p);
    t.click([500, 500]);
    t.click([600, 500]);
    t.key('z', { ctrlKey: true });
    expect(t.state().preview).toBeNull();
    expect(t.drawing().floorplanShapes).toHaveLength(1);
    t.click([500, 500]);
    t.key('v');
    expect(t.state().tool).toBe('pointer');
    expect(t.drawing().floorplanShapes).toHaveLength(1);
  });
});
