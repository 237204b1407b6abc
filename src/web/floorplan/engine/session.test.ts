import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Drawing } from '../../../domain/layout/drawing.js';
import { DrawingSession } from './session.js';

const withDoors = (n: number): Drawing => ({
  ...emptyDrawing(),
  doors: Array.from({ length: n }, (_, i) => ({ x: i, y: 0, rotation: 0 })),
});

describe('DrawingSession', () => {
  it('a commit is one step and makes the session dirty', () => {
    const s = new DrawingSession(emptyDrawing());
    expect(s.commit(withDoors(1))).toBe(true);
    expect(s).toMatchObject({ canUndo: true, dirty: true, version: 1 });
    expect(s.commit(s.drawing)).toBe(false); // the same drawing is no change
    expect(s.version).toBe(1);
  });

  it('an interaction with many updates is one step', () => {
    const start = emptyDrawing();
    const s = new DrawingSession(start);
    s.begin();
    for (let i = 1; i <= 5; i++) s.update(withDoors(i));
    expect(s.version).toBe(0); // transient updates are not versions
    expect(s.end()).toBe(true);
    expect(s.version).toBe(1);
    s.undo();
    expect(s.drawing).toBe(start);
    expect(s.canUndo).toBe(false);
  });

  it('an interaction that changed nothing records nothing', () => {
    const s = new DrawingSession(emptyDrawing());
    s.begin();
    expect(s.end()).toBe(false);
    expect(s.canUndo).toBe(false);
  });

  it('cancel puts the start drawing back', () => {
    const start = emptyDrawing();
    const s = new DrawingSession(start);
    s.begin();
    s.update(withDoors(3));
    expect(s.cancel()).toBe(true);
    expect(s.drawing).toBe(start);
    expect(s.interactionBase).toBeNull();
    expect(s.dirty).toBe(false);
  });

  it('updates outside an interaction are ignored', () => {
    const s = new DrawingSession(emptyDrawing());
    expect(s.update(withDoors(1))).toBe(false);
    expect(s.drawing.doors).toEqual([]);
  });

  it('markSaved ignores stale and future versions', () => {
    const s = new DrawingSession(emptyDrawing());
    s.commit(withDoors(1));
    s.commit(withDoors(2));
    expect(s.markSaved(5)).toBe(false);
    expect(s.markSaved(1)).toBe(true);
    expect(s.dirty).toBe(true);
    expect(s.markSaved(1)).toBe(false);
    expect(s.markSaved(2)).toBe(true);
    expect(s.dirty).toBe(false);
  });
});
