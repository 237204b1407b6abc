import { useEffect } from 'react';
import type { Editor } from '../../floorplan/engine/editor.js';

/** Keys typed here belong to the control, not the editor. */
const OWN_KEYS = 'input, textarea, select, [contenteditable="true"], [role="dialog"], [role="menu"], [role="listbox"]';

/**
 * Feeds keys to the engine (SPEC 2.8 shortcuts, through the one command table), except while the
 * person types into a field or a dialog is open. A key the engine used has its default prevented.
 */
export function useEditorKeyboard(editor: Editor, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest(OWN_KEYS)) return;
      if (document.querySelector('[role="dialog"]')) return;
      // Enter and Space on a focused button are that button's, not the editor's.
      if ((e.key === 'Enter' || e.key === ' ') && target?.closest('button, a')) return;
      if (editor.dispatch({ type: 'keyDown', key: e.key, ctrlKey: e.ctrlKey, metaKey: e.metaKey, shiftKey: e.shiftKey })) e.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [editor, enabled]);
}
