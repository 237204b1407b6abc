/**
 * Scripted input for engine tests: clicks, drags and keys in canvas coordinates, as the SVG view
 * will send them. Ids are deterministic (id1, id2, ...) and intents are collected.
 */
import type { Drawing } from '../../../domain/layout/drawing.js';
import { Editor, type EditorOptions } from './editor.js';
import type { EditorIntent, ToolId } from './tools/types.js';

type XY = readonly [number, number];

export const driveEditor = (options: EditorOptions & { drawing?: Drawing; tool?: ToolId } = {}) => {
  let n = 0;
  const editor = new Editor({ newId: () => `id${++n}`, ...options });
  if (options.tool) editor.setTool(options.tool);
  const intents: EditorIntent[] = [];
  editor.onIntent((i) => intents.push(i));
  const down = ([x, y]: XY, mods: { shiftKey?: boolean } = {}) => editor.dispatch({ type: 'pointerDown', x, y, ...mods });
  const move = ([x, y]: XY) => editor.dispatch({ type: 'pointerMove', x, y });
  const up = ([x, y]: XY) => editor.dispatch({ type: 'pointerUp', x, y });
  return {
    editor,
    intents,
    state: () => editor.getState(),
    drawing: () => editor.getState().drawing,
    down,
    move,
    up,
    click(at: XY) {
      down(at);
      up(at);
    },
    shiftClick(at: XY) {
      down(at, { shiftKey: true });
      up(at);
    },
    doubleClick(at: XY) {
      down(at);
      up(at);
      down(at);
      up(at);
      editor.dispatch({ type: 'doubleClick', x: at[0], y: at[1] });
    },
    /** Press at the first point, move through the rest, release at the last. */
    /** A drag with Shift held at the press (Shift-marquee adds to the selection). */
    shiftDrag(...points: XY[]) {
      const [first, ...rest] = points;
      if (!first) return;
      down(first, { shiftKey: true });
      for (const p of rest) move(p);
      up(rest.at(-1) ?? first);
    },
    drag(...points: XY[]) {
      const [first, ...rest] = points;
      if (!first) return;
      down(first);
      for (const p of rest) move(p);
      up(rest.at(-1) ?? first);
    },
    key(key: string, mods: { ctrlKey?: boolean; metaKey?: boolean; shiftKey?: boolean } = {}) {
      return editor.dispatch({ type: 'keyDown', key, ...mods });
    },
  };
};
