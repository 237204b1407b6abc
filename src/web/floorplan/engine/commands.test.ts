import { describe, expect, it } from 'vitest';
import { COMMANDS, COMMAND_GROUPS, commandById, commandsInGroup, formatShortcut, shortcutHelp } from './commands.js';
import { commandForKey } from './shortcuts.js';
import { driveEditor } from './testDriver.js';

describe('the command table', () => {
  it('has unique ids and unique shortcuts, except R which depends on the selection', () => {
    expect(new Set(COMMANDS.map((c) => c.id)).size).toBe(COMMANDS.length);
    const keys = COMMANDS.flatMap((c) => (c.shortcut ? [formatShortcut(c.shortcut)] : []));
    expect(keys.filter((k) => k === 'R')).toHaveLength(2);
    const others = keys.filter((k) => k !== 'R');
    expect(new Set(others).size).toBe(others.length);
  });

  it('feeds the toolbar groups of SPEC 2.8', () => {
    expect(COMMAND_GROUPS).toEqual(['Tools', 'View', 'Editing', 'Arrange', 'Other']);
    expect(commandsInGroup('Tools').filter((c) => c.id.startsWith('tool.') && c.id !== 'tool.switchRectangle').map((c) => c.label)).toEqual([
      'Pointer',
      'Pen',
      'Desk',
      'Text',
      'Floor space',
      'Internal room/rectangle',
      'Door',
    ]);
    expect(commandsInGroup('View').map((c) => c.label)).toEqual(
      expect.arrayContaining(['Show grid', 'Snap to grid', 'Fit desks to screen']),
    );
    expect(commandsInGroup('Editing').map((c) => c.label)).toEqual(expect.arrayContaining(['Select', 'Edit', 'Delete']));
    expect(commandsInGroup('Other').map((c) => c.label)).toEqual(['Undo', 'Redo']);
  });

  it('lists the SPEC shortcuts and issue 21\'s editing keys in the help', () => {
    expect(shortcutHelp().map((r) => r.keys)).toEqual([
      'V', 'D', 'I', 'T', 'R', 'R', 'G', 'S',
      'Delete / Backspace', 'Ctrl+A', 'Ctrl+C', 'Ctrl+V', 'Ctrl+D', 'Escape',
      'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Ctrl+Z', 'Ctrl+Y',
    ]);
  });

  it('keeps keyboard-only commands (arrow nudges) off the toolbar groups', () => {
    expect(commandsInGroup('Arrange').map((c) => c.id)).not.toContain('arrange.nudge.left');
    expect(commandsInGroup('Arrange').map((c) => c.label)).toEqual(
      expect.arrayContaining(['Align left', 'Distribute horizontally', 'Rotate selection by 45°']),
    );
  });

  it('reports active and enabled states from the editor state', () => {
    const t = driveEditor();
    const s = t.state();
    expect(commandById('tool.pointer')?.isActive?.(s)).toBe(true);
    expect(commandById('view.grid')?.isActive?.(s)).toBe(true);
    expect(commandById('history.undo')?.isEnabled?.(s)).toBe(false);
    expect(commandById('edit.delete')?.isEnabled?.(s)).toBe(false);
  });

  it('every toolbar command runs without throwing on an empty editor', () => {
    const t = driveEditor();
    for (const c of COMMANDS) expect(() => c.run(t.editor)).not.toThrow();
  });
});

describe('keyboard shortcuts (SPEC 2.8)', () => {
  it('V pointer, D desk', () => {
    const t = driveEditor({ tool: 'pen' });
    t.key('d');
    expect(t.state().tool).toBe('desk');
    t.key('V');
    expect(t.state().tool).toBe('pointer');
  });

  it('T toggles new desks between bookable and not', () => {
    const t = driveEditor();
    t.key('t');
    expect(t.state().newDeskBookable).toBe(false);
    t.key('t');
    expect(t.state().newDeskBookable).toBe(true);
  });

  it('I switches between the floor and room tools', () => {
    const t = driveEditor();
    t.key('i');
    expect(t.state().tool).toBe('floor');
    t.key('i');
    expect(t.state().tool).toBe('room');
    t.key('i');
    expect(t.state().tool).toBe('floor');
  });

  it('G grid, S snap', () => {
    const t = driveEditor();
    t.key('g');
    t.key('s');
    expect(t.state()).toMatchObject({ showGrid: false, snap: false });
    t.key('g');
    t.key('s');
    expect(t.state()).toMatchObject({ showGrid: true, snap: true });
  });

  it('R turns the default desk rotation by 45, wrapping at 360', () => {
    const t = driveEditor();
    const seen: number[] = [];
    for (let i = 0; i < 8; i++) {
      t.key('r');
      seen.push(t.state().defaultDeskRotation);
    }
    expect(seen).toEqual([45, 90, 135, 180, 225, 270, 315, 0]);
  });

  it('Ctrl+Z undo and Ctrl+Y redo, Cmd on a Mac too', () => {
    const t = driveEditor({ tool: 'door' });
    t.click([100, 100]);
    t.key('z', { metaKey: true });
    expect(t.drawing().doors).toEqual([]);
    t.key('Y', { ctrlKey: true });
    expect(t.drawing().doors).toHaveLength(1);
  });

  it('Escape cancels the pen shape', () => {
    const t = driveEditor({ tool: 'pen' });
    t.click([0, 0]);
    t.click([100, 0]);
    expect(t.key('Escape')).toBe(true);
    expect(t.state().preview).toBeNull();
  });

  it('letters with Ctrl and unknown keys are left to the browser', () => {
    const t = driveEditor();
    expect(t.key('s', { ctrlKey: true })).toBe(false);
    expect(t.key('d', { metaKey: true })).toBe(false);
    expect(t.key('z')).toBe(false);
    expect(t.key('q')).toBe(false);
    expect(t.state()).toMatchObject({ snap: true, tool: 'pointer' });
  });

  it('maps KeyboardEvent-like objects directly', () => {
    expect(commandForKey({ key: 'g' })?.id).toBe('view.grid');
    expect(commandForKey({ key: 'Z', ctrlKey: true })?.id).toBe('history.undo');
    expect(commandForKey({ key: 'Escape' })?.id).toBe('edit.cancel');
    expect(commandForKey({ key: 'y' })).toBeUndefined();
  });
});
