import { describe, expect, it } from 'vitest';
import { History } from './history.js';

describe('History', () => {
  it('starts with both stacks empty; undo and redo do nothing', () => {
    const h = new History<string>();
    expect(h.canUndo).toBe(false);
    expect(h.canRedo).toBe(false);
    expect(h.undo('a')).toBeUndefined();
    expect(h.redo('a')).toBeUndefined();
    expect(h.sizes).toEqual({ undo: 0, redo: 0 });
  });

  it('undo returns the prior state and makes redo possible', () => {
    const h = new History<string>();
    h.record('a'); // a -> b
    expect(h.undo('b')).toBe('a');
    expect(h.canRedo).toBe(true);
    expect(h.redo('a')).toBe('b');
    expect(h.canRedo).toBe(false);
    expect(h.canUndo).toBe(true);
  });

  it('a new change clears redo', () => {
    const h = new History<string>();
    h.record('a');
    h.undo('b');
    h.record('a'); // a -> c
    expect(h.canRedo).toBe(false);
    expect(h.redo('c')).toBeUndefined();
  });

  it('keeps at most `limit` steps, dropping the oldest', () => {
    const h = new History<number>(3);
    for (let i = 0; i < 10; i++) h.record(i);
    expect(h.sizes.undo).toBe(3);
    expect(h.undo(10)).toBe(9);
    expect(h.undo(9)).toBe(8);
    expect(h.undo(8)).toBe(7);
    expect(h.undo(7)).toBeUndefined();
  });

  it('clear empties both stacks', () => {
    const h = new History<number>();
    h.record(1);
    h.undo(2);
    h.record(3);
    h.clear();
    expect(h.sizes).toEqual({ undo: 0, redo: 0 });
  });
});
