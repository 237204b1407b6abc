/**
 * Maps a keyboard event (or anything shaped like one) to a command from the table. Letter shortcuts
 * fire only WITHOUT Ctrl/Cmd, and Ctrl chords only for the table's own (Ctrl+Z/Y/A/C/V/D), so
 * Ctrl+S etc. stay with the browser; Ctrl chords accept the Mac Command key as Ctrl. Shift is
 * ignored (Caps Lock or Shift+V still means V; the arrow commands read it for a grid-sized nudge).
 * Given the editor state, a command that does not apply now is skipped (the key goes on to the next
 * command on it, else to the browser: Ctrl+C with nothing selected still copies page text).
 * The view must not forward keys typed into inputs and dialogs.
 */
import type { EditorState } from './editorState.js';
import { COMMANDS, type EditorCommand, type KeyChord } from './commands.js';

export interface KeyLike {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
}

export const chordMatches = (chord: KeyChord, e: KeyLike): boolean => {
  const ctrl = Boolean(e.ctrlKey || e.metaKey);
  return ctrl === Boolean(chord.ctrl) && chord.key.toLowerCase() === e.key.toLowerCase();
};

const onKey = (c: EditorCommand, e: KeyLike): boolean =>
  (c.shortcut !== undefined && chordMatches(c.shortcut, e)) || (c.moreKeys ?? []).some((k) => chordMatches(k, e));

export const commandForKey = (e: KeyLike, state?: EditorState): EditorCommand | undefined =>
  COMMANDS.find((c) => onKey(c, e) && (!state || !c.isEnabled || c.isEnabled(state)));
