/**
 * Pointer and Select tools: click selects, drag moves the element, the handle above a selected
 * element rotates it, double-click opens its editor. The toolbar's Tools "Pointer" (V) and Editing
 * "Select" are the same machine under two ids: the spec names both and describes no difference.
 *
 *   idle --down on element--> pressing --move past threshold--> dragging --up--> idle (one undo step)
 *   idle --down on handle--> rotating --up--> idle (one undo step)
 *   pressing --up--> idle (a click: selection only, no undo step)
 *   dragging/rotating --Escape--> idle, drawing restored
 */
import { rotateElement } from '../document.js';
import { elementFrame, frameCenter, type ElementRef } from '../elements.js';
import { angleFrom, distance, wrapRotation, type Point } from '../geometry.js';
import { hitRotationHandle, hitTest } from '../hitTest.js';
import { dragTo, startDrag, type DragSession } from './drag.js';
import { dragThreshold, type KeyEvent, type Tool, type ToolContext } from './types.js';

type State =
  | { name: 'idle' }
  | { name: 'pressing'; ref: ElementRef; start: Point }
  | { name: 'dragging'; drag: DragSession }
  | { name: 'rotating'; ref: ElementRef; center: Point };

export class SelectTool implements Tool {
  private current: State = { name: 'idle' };

  constructor(readonly id: 'pointer' | 'select') {}

  get state(): string {
    return this.current.name;
  }

  get preview(): null {
    return null;
  }

  pointerDown(ctx: ToolContext, p: Point): void {
    if (this.current.name !== 'idle') return;
    if (ctx.selection && hitRotationHandle(ctx.drawing, ctx.selection, p)) {
      const frame = elementFrame(ctx.drawing, ctx.selection);
      if (frame) {
        ctx.beginInteraction();
        this.current = { name: 'rotating', ref: ctx.selection, center: frameCenter(frame) };
        return;
      }
    }
    const ref = hitTest(ctx.drawing, p);
    ctx.select(ref);
    if (ref) this.current = { name: 'pressing', ref, start: p };
  }

  pointerMove(ctx: ToolContext, p: Point): void {
    const s = this.current;
    if (s.name === 'pressing' && distance(p, s.start) > dragThreshold(ctx.zoom)) {
      const drag = startDrag(ctx, s.ref, s.start);
      if (!drag) return this.reset();
      this.current = { name: 'dragging', drag };
      dragTo(ctx, drag, p);
    } else if (s.name === 'dragging') {
      dragTo(ctx, s.drag, p);
    } else if (s.name === 'rotating') {
      this.rotateTo(ctx, s, p);
    }
  }

  pointerUp(ctx: ToolContext, p: Point): void {
    const s = this.current;
    if (s.name === 'dragging') {
      dragTo(ctx, s.drag, p);
      ctx.endInteraction();
    } else if (s.name === 'rotating') {
      this.rotateTo(ctx, s, p);
      ctx.endInteraction();
    }
    this.reset();
  }

  doubleClick(ctx: ToolContext, p: Point): void {
    const ref = hitTest(ctx.drawing, p);
    if (!ref) return;
    ctx.select(ref);
    ctx.edit(ref);
  }

  keyDown(_ctx: ToolContext, _e: KeyEvent): boolean {
    return false;
  }

  cancel(ctx: ToolContext): boolean {
    const s = this.current;
    this.reset();
    if (s.name === 'dragging' || s.name === 'rotating') {
      ctx.cancelInteraction();
      return true;
    }
    if (s.name === 'pressing') return true;
    // Nothing in progress: Escape clears the selection, as in most editors.
    if (ctx.selection) {
      ctx.select(null);
      return true;
    }
    return false;
  }

  exit(ctx: ToolContext): void {
    const s = this.current;
    this.reset();
    if (s.name === 'dragging' || s.name === 'rotating') ctx.cancelInteraction();
  }

  private rotateTo(ctx: ToolContext, s: Extract<State, { name: 'rotating' }>, p: Point): void {
    const base = ctx.interactionBase;
    if (!base) return;
    ctx.updateInteraction(rotateElement(base, s.ref, wrapRotation(angleFrom(s.center, p), ctx.snap)));
  }

  private reset(): void {
    this.current = { name: 'idle' };
  }
}
