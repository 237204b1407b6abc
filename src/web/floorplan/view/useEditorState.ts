import { useSyncExternalStore } from 'react';
import type { Editor, EditorState } from '../engine/editor.js';

/** The editor's current snapshot; re-renders once per engine change batch (see engine/notifier.ts). */
export function useEditorState(editor: Editor): EditorState {
  return useSyncExternalStore(
    (listener) => editor.subscribe(listener),
    () => editor.getState(),
  );
}
