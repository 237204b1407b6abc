import { describe, expect, it, vi } from 'vitest';
import { emptyDrawing } from '../../../domain/layout/drawing.js';
import { makeDesk, makeDrawing } from '../../../domain/layout/testDrawings.js';
import { Editor } from './editor.js';
import { driveEditor } from './testDriver.js';

const deskFloor = () =>
  makeDrawing({
    desks: [makeDesk({ id: 'a', alias: 'A1', x: 100, y: 100 }), makeDesk({ id: 'b', alias: 'B1', x: 200, y: 100 })],
    doors: [{ x: 500, y: 500, rotation: 0 }],
    floorplanRectangles: [{ x: 1000, y: 1000, width: 100, height: 100, rotation: 0 }],
  });

describe('Editor defaults', () => {
  it('starts on the pointer tool, zoom 0.5, grid and snap on, bookable 0-degree desks, clean', () => {
    const s = new Editor().getState();
    expect(s).toMatchObject({
      tool: 'pointer',
      toolState: 'idle',
      zoom: 0.5,
      showGrid: true,
      snap: true,
      defaultDeskRotation: 0,
      newDeskBookable: true,
      canUndo: false,
      canRedo: false,
      dirty: false,
      selection: null,
    });
    expect(s.drawing).toEqual(emptyDrawing());
  });

  it('makes UUIDs for new desks by default', () => {
    const editor = new Editor();
    editor.setTool('desk');
    editor.dispatch({ type: 'pointerDown', x: 100, y: 100 });
    editor.dispatch({ type: 'pointerUp', x: 100, y: 100 });
    expect(editor.getState().drawing.desks[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('undo and redo boundaries', () => {
  it('undo and redo on empty stacks change nothing', () => {
    const t = driveEditor({ drawing: deskFloor() });
    const before = t.state();
    t.key('z', { ctrlKey: true });
    t.key('y', { ctrlKey: true });
    expect(t.drawing()).toBe(before.drawing);
    expect(t.state().dirty).toBe(false);
  });

  it('a new change clears redo', () => {
    const t = driveEditor({ tool: 'door' });
    t.click([100, 100]);
    t.key('z', { ctrlKey: true });
    expect(t.state().canRedo).toBe(true);
    t.click([300, 300]);
    expect(t.state().canRedo).toBe(false);
    t.key('y', { ctrlKey: true });
    expect(t.drawing().doors).toEqual([{ x: 290, y: 290, rotation: 0 }]);
  });

  it('undo walks back step by step and redo forward again', () => {
    const t = driveEditor({ tool: 'door' });
    t.click([100, 100]);
    t.click([200, 200]);
    t.click([300, 300]);
    t.key('z', { ctrlKey: true });
    t.key('z', { ctrlKey: true });
    expect(t.drawing().doors).toHaveLength(1);
    t.key('y', { ctrlKey: true });
    expect(t.drawing().doors).toHaveLength(2);
  });

  it('the undo stack is bounded', () => {
    const t = driveEditor({ tool: 'door', historyLimit: 2 });
    t.click([100, 100]);
    t.click([200, 200]);
    t.click([300, 300]);
    t.key('z', { ctrlKey: true });
    t.key('z', { ctrlKey: true });
    t.key('z', { ctrlKey: true });
    expect(t.drawing().doors).toHaveLength(1);
  });

  it('selection changes, tool changes, zoom and view flags are not undo steps', () => {
    const t = driveEditor({ drawing: deskFloor() });
    t.click([110, 110]);
    t.key('g');
    t.key('s');
    t.key('d');
    t.editor.zoomIn();
    expect(t.state().canUndo).toBe(false);
    expect(t.state().dirty).toBe(false);
  });

  it('the selection is dropped when undo removes its element', () => {
    const t = driveEditor({ tool: 'desk' });
    t.click([110, 110]);
    expect(t.state().selection).not.toBeNull();
    t.key('z', { ctrlKey: true });
    expect(t.state().selection).toBeNull();
  });
});

describe('dirty flag for the autosave', () => {
  it('a change makes it dirty; markSaved(version) makes it clean', () => {
    const t = driveEditor({ tool: 'door' });
    t.click([100, 100]);
    const { dirty, version } = t.state();
    expect(dirty).toBe(true);
    t.editor.markSaved(version);
    expect(t.state().dirty).toBe(false);
  });

  it('a change made while saving keeps it dirty', () => {
    const t = driveEditor({ tool: 'door' });
    t.click([100, 100]);
    const saving = t.state().version;
    t.click([300, 300]);
    t.editor.markSaved(saving);
    expect(t.state().dirty).toBe(true);
  });

  it('a drag in progress does not count until it ends; a cancelled one never', () => {
    const t = driveEditor({ drawing: deskFloor() });
    t.down([110, 110]);
    t.move([300, 300]);
    expect(t.state().dirty).toBe(false);
    t.key('Escape');
    t.up([300, 300]);
    expect(t.state().dirty).toBe(false);
  });

  it('load() opens a drawing clean with empty history; replaceWith() is an unsaved, undoable change', () => {
    const t = driveEditor({ tool: 'door' });
    t.click([100, 100]);
    t.editor.load(deskFloor());
    expect(t.state()).toMatchObject({ dirty: false, canUndo: false, canRedo: false });
    t.editor.replaceWith(emptyDrawing());
    expect(t.state()).toMatchObject({ dirty: true, canUndo: true });
    t.key('z', { ctrlKey: true });
    expect(t.drawing().desks).toHaveLength(2);
  });
});

describe('subscription', () => {
  it('the state object is stable between changes and replaced on a change', () => {
    const t = driveEditor({ drawing: deskFloor() });
    const first = t.state();
    expect(t.state()).toBe(first);
    t.key('g');
    expect(t.state()).not.toBe(first);
  });

  it('notifies once per event, and not after unsubscribing', () => {
    const t = driveEditor({ drawing: deskFloor() });
    const listener = vi.fn();
    const stop = t.editor.subscribe(listener);
    t.drag([110, 110], [150, 150]); // down, move, up
    expect(listener).toHaveBeenCalledTimes(3);
    stop();
    t.key('g');
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('does not notify for pointer moves that change nothing', () => {
    const t = driveEditor({ drawing: deskFloor() });
    const listener = vi.fn();
    t.editor.subscribe(listener);
    t.move([5000, 5000]);
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('edit and delete', () => {
  it('Edit on a door, floor space or nothing selected', () => {
    const t = driveEditor({ drawing: deskFloor() });
    t.editor.editSelected();
    expect(t.intents).toEqual([]);
    t.click([510, 510]);
    t.editor.editSelected();
    t.click([1050, 1050]);
    t.editor.editSelected();
    expect(t.intents).toEqual([
      { type: 'alert', message: 'No properties to edit' },
      { type: 'alert', message: 'No properties to edit' },
    ]);
  });

  it('Delete on a desk asks the view to confirm (future bookings) and removes nothing yet', () => {
    const t = driveEditor({ drawing: deskFloor() });
    t.click([110, 110]);
    t.editor.deleteSelected();
    expect(t.intents).toEqual([{ type: 'confirmDeleteDesk', deskId: 'a', deskIds: ['a'], refs: [{ kind: 'desk', id: 'a' }] }]);
    expect(t.drawing().desks).toHaveLength(2);
    t.editor.deleteElement({ kind: 'desk', id: 'a' });
    expect(t.drawing().desks.map((d) => d.id)).toEqual(['b']);
    expect(t.state().selection).toBeNull();
    t.key('z', { ctrlKey: true });
    expect(t.drawing().desks).toHaveLength(2);
  });

  it('Delete on anything else removes it at once, one undo step', () => {
    const t = driveEditor({ drawing: deskFloor() });
    t.click([510, 510]);
    t.editor.deleteSelected();
    expect(t.drawing().doors).toEqual([]);
    expect(t.state().canUndo).toBe(true);
    t.editor.deleteSelected(); // nothing selected now
    expect(t.state().canUndo).toBe(true);
  });

  it('desk and text editor saves are one undo step each; refusals change nothing', () => {
    const t = driveEditor({ drawing: { ...deskFloor(), text: [{ x: 0, y: 0, text: '', fontSize: 'small' }] } });
    expect(t.editor.updateDesk('a', { alias: 'Window', assignedTeams: [7] }).ok).toBe(true);
    expect(t.drawing().desks[0]).toMatchObject({ alias: 'Window', assignedTeams: [7] });
    expect(t.editor.updateDesk('a', { assignedTeams: [7, 8] })).toMatchObject({ ok: false });
    expect(t.editor.updateText(0, { text: 'Kitchen', fontSize: 'large' }).ok).toBe(true);
    t.key('z', { ctrlKey: true });
    t.key('z', { ctrlKey: true });
    expect(t.drawing()).toEqual({ ...deskFloor(), text: [{ x: 0, y: 0, text: '', fontSize: 'small' }] });
    expect(t.state().canUndo).toBe(false);
  });

  it('desk rotation from the desk editor snaps to 45s when snapping is on', () => {
    const t = driveEditor({ drawing: deskFloor() });
    t.editor.updateDesk('a', { rotation: 100 });
    expect(t.drawing().desks[0]?.rotation).toBe(90);
    t.key('s');
    t.editor.updateDesk('a', { rotation: 100 });
    expect(t.drawing().desks[0]?.rotation).toBe(100);
  });
});

describe('view', () => {
  it('zoom buttons stay within 0.1..0.7', () => {
    const editor = new Editor();
    for (let i = 0; i < 10; i++) editor.zoomIn();
    expect(editor.getState().zoom).toBe(0.7);
    for (let i = 0; i < 10; i++) editor.zoomOut();
    expect(editor.getState().zoom).toBe(0.1);
    editor.setZoom(0.33);
    expect(editor.getState().zoom).toBe(0.33);
  });

  it('fit desks to screen zooms and asks the view to scroll', () => {
    const t = driveEditor({ drawing: deskFloor() });
    t.editor.setViewport({ width: 1000, height: 800 });
    t.editor.fitDesksToScreen();
    expect(t.state().zoom).toBe(0.7);
    expect(t.intents).toHaveLength(1);
    expect(t.intents[0]).toMatchObject({ type: 'scrollTo' });
  });

  it('fit with no desks only says so', () => {
    const t = driveEditor();
    t.editor.fitDesksToScreen();
    expect(t.intents).toEqual([{ type: 'notice', message: 'There are no desks to fit' }]);
    expect(t.state().zoom).toBe(0.5);
  });

  it('changing tool mid-drag restores the drawing', () => {
    const t = driveEditor({ drawing: deskFloor() });
    const before = t.drawing();
    t.down([110, 110]);
    t.move([400, 400]);
    t.editor.setTool('pen');
    expect(t.drawing()).toBe(before);
    expect(t.state().canUndo).toBe(false);
  });
});

describe('intents', () => {
  it('are delivered after the state they refer to is readable', () => {
    const t = driveEditor({ tool: 'text' });
    const seen: unknown[] = [];
    t.editor.onIntent((intent) => {
      if (intent.type === 'openTextEditor') seen.push(t.editor.getState().drawing.text[intent.index]);
    });
    t.click([100, 100]);
    expect(seen).toEqual([{ x: 100, y: 100, text: '', fontSize: 'small' }]);
  });
});
