/**
 * Every editor command, once (architecture principle 8). The toolbar renders this table by group,
 * the keyboard goes through it (shortcuts.ts), and the shortcut help lists it: a command cannot be
 * on the toolbar with one behaviour and on a key with another.
 *
 * Shortcuts are SPEC 2.8's plus issue 21's (select all, copy/paste/duplicate, delete, arrows). Save,
 * Publish and Home are not here: they talk to the server and belong to the screen, not the engine.
 *
 * A key runs the FIRST command in table order whose chord matches and that is enabled now: R rotates
 * the selection when there is one, else (SPEC) the default rotation of new desks.
 */
import type { Editor, EditorState } from './editor.js';
import { GRID } from '../../../domain/layout/constants.js';
import type { Alignment } from './groupOps.js';
import type { ToolId } from './tools/types.js';

export const COMMAND_GROUPS = ['Tools', 'View', 'Editing', 'Arrange', 'Other'] as const;
export type CommandGroup = (typeof COMMAND_GROUPS)[number];

/** A key chord. `key` is compared case-insensitively; `ctrl` also accepts the Mac Command key. */
export interface KeyChord {
  key: string;
  ctrl?: boolean;
}

/** The key event a command was run from (absent from a toolbar click): arrows read Shift from it. */
export interface CommandEvent {
  shiftKey?: boolean;
}

export interface EditorCommand {
  id: string;
  label: string;
  group: CommandGroup;
  shortcut?: KeyChord;
  /** More keys for the same command (Backspace as well as Delete). */
  moreKeys?: readonly KeyChord[];
  /** Keyboard only (the arrow nudges): the toolbar does not show it; the shortcut help does. */
  keyOnly?: boolean;
  run(editor: Editor, event?: CommandEvent): void;
  /** Pressed/checked look on the toolbar. */
  isActive?(state: EditorState): boolean;
  /** Greyed out on the toolbar (the key does nothing harmful either way). */
  isEnabled?(state: EditorState): boolean;
}

const tool = (id: ToolId, label: string, key?: string): EditorCommand => ({
  id: `tool.${id}`,
  label,
  group: 'Tools',
  ...(key ? { shortcut: { key } } : {}),
  run: (editor) => editor.setTool(id),
  isActive: (s) => s.tool === id,
});

const hasSelection = (s: EditorState): boolean => s.selected.length > 0;
const hasOne = (s: EditorState): boolean => s.selection !== null;
const atLeast = (n: number) => (s: EditorState): boolean => s.selected.length >= n;

const align = (how: Alignment, label: string): EditorCommand => ({
  id: `arrange.align.${how}`,
  label,
  group: 'Arrange',
  run: (editor) => void editor.alignSelection(how),
  isEnabled: atLeast(2),
});

/** Arrow keys move the selection by 1, with Shift by the grid (10). */
const nudge = (key: string, dx: number, dy: number, label: string): EditorCommand => ({
  id: `arrange.nudge.${key.replace('Arrow', '').toLowerCase()}`,
  label: `${label} (Shift: by ${GRID})`,
  group: 'Arrange',
  shortcut: { key },
  keyOnly: true,
  run: (editor, e) => void editor.nudgeSelection(dx * (e?.shiftKey ? GRID : 1), dy * (e?.shiftKey ? GRID : 1)),
  isEnabled: hasSelection,
});

export const COMMANDS: readonly EditorCommand[] = [
  tool('pointer', 'Pointer', 'v'),
  tool('pen', 'Pen'),
  tool('desk', 'Desk', 'd'),
  tool('text', 'Text'),
  tool('floor', 'Floor space'),
  tool('room', 'Internal room/rectangle'),
  tool('door', 'Door'),
  {
    id: 'tool.switchRectangle',
    label: 'Switch floor space / internal room',
    group: 'Tools',
    shortcut: { key: 'i' },
    run: (editor) => editor.switchRectangleTool(),
  },
  {
    id: 'desk.toggleBookable',
    label: 'New desks bookable',
    group: 'Tools',
    shortcut: { key: 't' },
    run: (editor) => editor.toggleNewDeskBookable(),
    isActive: (s) => s.newDeskBookable,
  },
  {
    id: 'arrange.rotate',
    label: 'Rotate selection by 45°',
    group: 'Arrange',
    shortcut: { key: 'r' },
    run: (editor) => void editor.rotateSelection(),
    isEnabled: (s) => hasSelection(s) && (s.tool === 'pointer' || s.tool === 'select'),
  },
  {
    id: 'desk.rotateDefault',
    label: 'Rotate new desks by 45°',
    group: 'Tools',
    shortcut: { key: 'r' },
    run: (editor) => editor.rotateDefaultDeskRotation(),
  },
  {
    id: 'view.grid',
    label: 'Show grid',
    group: 'View',
    shortcut: { key: 'g' },
    run: (editor) => editor.toggleGrid(),
    isActive: (s) => s.showGrid,
  },
  {
    id: 'view.snap',
    label: 'Snap to grid',
    group: 'View',
    shortcut: { key: 's' },
    run: (editor) => editor.toggleSnap(),
    isActive: (s) => s.snap,
  },
  { id: 'view.fit', label: 'Fit desks to screen', group: 'View', run: (editor) => editor.fitDesksToScreen() },
  { id: 'view.zoomIn', label: 'Zoom in', group: 'View', run: (editor) => editor.zoomIn() },
  { id: 'view.zoomOut', label: 'Zoom out', group: 'View', run: (editor) => editor.zoomOut() },
  {
    id: 'edit.select',
    label: 'Select',
    group: 'Editing',
    run: (editor) => editor.setTool('select'),
    isActive: (s) => s.tool === 'select',
  },
  { id: 'edit.edit', label: 'Edit', group: 'Editing', run: (editor) => editor.editSelected(), isEnabled: hasOne },
  {
    id: 'edit.delete',
    label: 'Delete',
    group: 'Editing',
    shortcut: { key: 'Delete' },
    moreKeys: [{ key: 'Backspace' }],
    run: (editor) => editor.deleteSelected(),
    isEnabled: hasSelection,
  },
  {
    id: 'edit.selectAll',
    label: 'Select all',
    group: 'Editing',
    shortcut: { key: 'a', ctrl: true },
    run: (editor) => editor.selectAll(),
    isEnabled: (s) => s.tool === 'pointer' || s.tool === 'select',
  },
  { id: 'edit.copy', label: 'Copy', group: 'Editing', shortcut: { key: 'c', ctrl: true }, run: (editor) => editor.copy(), isEnabled: hasSelection },
  { id: 'edit.paste', label: 'Paste', group: 'Editing', shortcut: { key: 'v', ctrl: true }, run: (editor) => void editor.paste(), isEnabled: (s) => s.canPaste },
  {
    id: 'edit.duplicate',
    label: 'Duplicate',
    group: 'Editing',
    shortcut: { key: 'd', ctrl: true },
    run: (editor) => void editor.duplicate(),
    isEnabled: hasSelection,
  },
  {
    id: 'edit.cancel',
    label: 'Cancel pen shape or drag',
    group: 'Editing',
    shortcut: { key: 'Escape' },
    run: (editor) => {
      editor.cancel();
    },
  },
  align('left', 'Align left'),
  align('centre', 'Align centres horizontally'),
  align('right', 'Align right'),
  align('top', 'Align top'),
  align('middle', 'Align middles vertically'),
  align('bottom', 'Align bottom'),
  {
    id: 'arrange.distribute.horizontal',
    label: 'Distribute horizontally',
    group: 'Arrange',
    run: (editor) => void editor.distributeSelection('horizontal'),
    isEnabled: atLeast(3),
  },
  {
    id: 'arrange.distribute.vertical',
    label: 'Distribute vertically',
    group: 'Arrange',
    run: (editor) => void editor.distributeSelection('vertical'),
    isEnabled: atLeast(3),
  },
  nudge('ArrowLeft', -1, 0, 'Nudge left'),
  nudge('ArrowRight', 1, 0, 'Nudge right'),
  nudge('ArrowUp', 0, -1, 'Nudge up'),
  nudge('ArrowDown', 0, 1, 'Nudge down'),
  {
    id: 'history.undo',
    label: 'Undo',
    group: 'Other',
    shortcut: { key: 'z', ctrl: true },
    run: (editor) => editor.undo(),
    // Mid-gesture (a drag, a pen shape) Ctrl+Z abandons the gesture even before anything can be undone.
    isEnabled: (s) => s.canUndo || s.toolState !== 'idle',
  },
  {
    id: 'history.redo',
    label: 'Redo',
    group: 'Other',
    shortcut: { key: 'y', ctrl: true },
    run: (editor) => editor.redo(),
    isEnabled: (s) => s.canRedo,
  },
];

export const commandById = (id: string): EditorCommand | undefined => COMMANDS.find((c) => c.id === id);

/** The toolbar's buttons of a group (keyboard-only commands left out). */
export const commandsInGroup = (group: CommandGroup): EditorCommand[] => COMMANDS.filter((c) => c.group === group && !c.keyOnly);

/** 'Ctrl+Z', 'V', 'Escape': how a chord reads in tooltips and the shortcut help. */
export const formatShortcut = (chord: KeyChord): string => {
  const key = chord.key.length === 1 ? chord.key.toUpperCase() : chord.key;
  return chord.ctrl ? `Ctrl+${key}` : key;
};

/** Rows of the shortcut help, in table order. */
export const shortcutHelp = (): Array<{ keys: string; label: string; group: CommandGroup }> =>
  COMMANDS.flatMap((c) =>
    c.shortcut ? [{ keys: [c.shortcut, ...(c.moreKeys ?? [])].map(formatShortcut).join(' / '), label: c.label, group: c.group }] : [],
  );
