/**
 * Text tool: a click adds an empty small text box at the (snapped) point, one undo step, and asks
 * the view to open the text editor for it; an empty box shows the placeholder 'Text' (SPEC 5).
 * A click on existing text selects it; double-click opens its editor. A single state.
 */
import { CANVAS_SIZE } from '../../../../domain/layout/constants.js';
import { addText } from '../document.js';
import { clamp, type Point } from '../geometry.js';
import { hitTest } from '../hitTest.js';
import type { KeyEvent, Tool, ToolContext } from './types.js';

export class TextTool implements Tool {
  readonly id = 'text' as const;
  readonly state = 'idle';
  readonly preview = null;

  pointerDown(ctx: ToolContext, p: Point): void {
    const hit = hitTest(ctx.drawing, p);
    if (hit?.kind === 'text') return ctx.select(hit);
    const at = ctx.snapPoint(p);
    ctx.commit(
      addText(ctx.drawing, {
        x: clamp(at.x, 0, CANVAS_SIZE),
        y: clamp(at.y, 0, CANVAS_SIZE),
        text: '',
        fontSize: 'small',
      }),
    );
    const index = ctx.drawing.text.length - 1;
    ctx.select({ kind: 'text', index });
    ctx.emit({ type: 'openTextEditor', index });
  }

  pointerMove(): void {}

  pointerUp(): void {}

  doubleClick(ctx: ToolContext, p: Point): void {
    const hit = hitTest(ctx.drawing, p);
    if (hit?.kind === 'text') ctx.edit(hit);
  }

  keyDown(_ctx: ToolContext, _e: KeyEvent): boolean {
    return false;
  }

  cancel(): boolean {
    return false;
  }

  exit(): void {}
}
