/**
 * Maps a keyboard event (or anything shaped like one) to a command from the table. Letter shortcuts
 * fire only WITHOUT Ctrl/Cmd, so Ctrl+S, Ctrl+D etc. stay with the browser; Ctrl chords accept the
 * Mac Command key as Ctrl. Shift is ignored (Caps Lock or Shift+V still means V).
 * The view must not forward keys typed into inputs and dialogs.
 */
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

export const commandForKey = (e: KeyLike): EditorCommand | undefined =>
  COMMANDS.find((c) => c.shortcut !== undefined && chordMatches(c.shortcut, e));
