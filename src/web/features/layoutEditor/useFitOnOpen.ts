import { useEffect, type RefObject } from 'react';
import type { Editor } from '../../floorplan/engine/editor.js';

/**
 * The first view (issue 21): once the canvas has its real size, the desks are fitted to it (the
 * engine's "Fit desks to screen", within the buttons' zoom range) instead of showing the drawing at
 * the starting 50 % in its top-left corner. A drawing without desks stays at the starting zoom.
 * Once only: later resizes keep the person's own zoom and scroll.
 */
export function useFitOnOpen(editor: Editor, canvasBox: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const box = canvasBox.current;
    if (!box) return;
    const observer = new ResizeObserver(() => {
      const width = box.clientWidth;
      const height = box.clientHeight;
      if (width === 0 || height === 0) return;
      observer.disconnect();
      editor.setViewport({ width, height });
      if (editor.getState().drawing.desks.length > 0) editor.fitDesksToScreen();
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [editor, canvasBox]);
}
