/**
 * Floor space and Internal room tools: the same press-drag-release machine drawing into two lists
 * (floorplanRectangles, roomRectangles), so they share this file. Corners snap to the grid; the
 * rectangle is drawn live in the drawing and the whole drag is ONE undo step. A click without a
 * drag (zero width or height) adds nothing.
 *
 *   idle --down--> drawing --move--> drawing --up--> idle (rectangle committed if it has area)
 *   drawing --Escape--> idle (drawing restored)
 */
import { addRectangle, type RectangleKind } from '../document.js';
import { RECT_LIST } from '../elements.js';
import { boxFromCorners, type Point } from '../geometry.js';
import type { KeyEvent, Tool, ToolContext } from './types.js';

type State = { name: 'idle' } | { name: 'drawing'; start: Point };

export class RectangleTool implements Tool {
  private current: State = { name: 'idle' };
  private readonly kind: RectangleKind;

  constructor(readonly id: 'floor' | 'room') {
    this.kind = id === 'floor' ? 'floorRect' : 'roomRect';
  }

  get state(): string {
    return this.current.name;
  }

  get preview(): null {
    return null;
  }

  pointerDown(ctx: ToolContext, p: Point): void {
    if (this.current.name !== 'idle') return;
    ctx.beginInteraction();
    this.current = { name: 'drawing', start: ctx.snapPoint(p) };
  }

  pointerMove(ctx: ToolContext, p: Point): void {
    if (this.current.name === 'drawing') this.drawTo(ctx, this.current.start, p);
  }

  pointerUp(ctx: ToolContext, p: Point): void {
    if (this.current.name !== 'drawing') return;
    const hasArea = this.drawTo(ctx, this.current.start, p);
    this.current = { name: 'idle' };
    if (!hasArea) return ctx.cancelInteraction();
    ctx.endInteraction();
    ctx.select({ kind: this.kind, index: ctx.drawing[RECT_LIST[this.kind]].length - 1 });
  }

  doubleClick(): void {}

  keyDown(_ctx: ToolContext, _e: KeyEvent): boolean {
    return false;
  }

  cancel(ctx: ToolContext): boolean {
    if (this.current.name === 'idle') return false;
    this.current = { name: 'idle' };
    ctx.cancelInteraction();
    return true;
  }

  exit(ctx: ToolContext): void {
    this.cancel(ctx);
  }

  /** Redraws the rectangle from the interaction's start drawing; returns whether it has an area. */
  private drawTo(ctx: ToolContext, start: Point, p: Point): boolean {
    const base = ctx.interactionBase;
    if (!base) return false;
    const box = boxFromCorners(start, ctx.snapPoint(p));
    const hasArea = box.width > 0 && box.height > 0;
    ctx.updateInteraction(hasArea ? addRectangle(base, this.kind, { ...box, rotation: 0 }) : base);
    return hasArea;
  }
}
