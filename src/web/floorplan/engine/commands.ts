/**
 * Every editor command, once (architecture principle 8). The toolbar renders this table by group,
 * the keyboard goes through it (shortcuts.ts), and the shortcut help lists it: a command cannot be
 * on the toolbar with one behaviour and on a key with another.
 *
 * Shortcuts are exactly SPEC 2.8. Save, Publish and Home are not here: they talk to the server and
 * belong to the screen, not the engine.
 */
import type { Editor, EditorState } from './editor.js';
import type { ToolId } from './tools/types.js';

export const COMMAND_GROUPS = ['Tools', 'View', 'Editing', 'Other'] as const;
export type CommandGroup = (typeof COMMAND_GROUPS)[number];

/** A key chord. `key` is compared case-insensitively; `ctrl` also accepts the Mac Command key. */
export interface KeyChord {
  key: string;
  ctrl?: boolean;
}

export interface EditorCommand {
  id: string;
  label: string;
  group: CommandGroup;
  shortcut?: KeyChord;
  run(editor: Editor): void;
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

const hasSelection = (s: EditorState): boolean => s.selection !== null;

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
  { id: 'edit.edit', label: 'Edit', group: 'Editing', run: (editor) => editor.editSelected(), isEnabled: hasSelection },
  {
    id: 'edit.delete',
    label: 'Delete',
    group: 'Editing',
    run: (editor) => editor.deleteSelected(),
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
  {
    id: 'history.undo',
    label: 'Undo',
    group: 'Other',
    shortcut: { key: 'z', ctrl: true },
    run: (editor) => editor.undo(),
    isEnabled: (s) => s.canUndo,
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

export const commandsInGroup = (group: CommandGroup): EditorCommand[] => COMMANDS.filter((c) => c.group === group);

/** 'Ctrl+Z', 'V', 'Escape': how a chord reads in tooltips and the shortcut help. */
export const formatShortcut = (chord: KeyChord): string => {
  const key = chord.key.length === 1 ? chord.key.toUpperCase() : chord.key;
  return chord.ctrl ? `Ctrl+${key}` : key;
};

/** Rows of the shortcut help, in table order. */
export const shortcutHelp = (): Array<{ keys: string; label: string; group: CommandGroup }> =>
  COMMANDS.flatMap((c) => (c.shortcut ? [{ keys: formatShortcut(c.shortcut), label: c.label, group: c.group }] : []));
