/**
 * Pen tool (SPEC 4): a click adds a line point, a drag makes a curve, a click within 5 of the start
 * after more than 2 points closes the shape; Escape cancels the shape. The shape is added to the
 * drawing only when finished, so a whole pen shape is ONE undo step and a cancel leaves no trace.
 *
 *   idle --down--> drawing (Move step placed)
 *   drawing --down near start, > 2 points--> idle (shape + Closure committed)
 *   drawing --down--> pressing --up without drag--> drawing (+ Line)
 *                     pressing --drag, up--------> drawing (+ Curve: end where pressed, control where released)
 *   drawing --Enter or double-click, >= 2 points--> idle (open shape committed)
 *   any --Escape or tool change--> idle (nothing committed)
 *
 * The pen never produces ReflectedCurve: the model keeps it for drawings made elsewhere.
 */
import { PEN_CLOSE_DISTANCE, PEN_CLOSE_MIN_POINTS } from '../../../../domain/layout/constants.js';
import type { PathStep } from '../../../../domain/layout/drawing.js';
import { DRAWING_LIMITS } from '../../../../domain/layout/drawingBasics.js';
import { addShape } from '../document.js';
import { distance, type Point } from '../geometry.js';
import { pathPointCount, shapeFromAbsoluteSteps } from '../shapePath.js';
import { dragThreshold, type KeyEvent, type Tool, type ToolContext, type ToolPreview } from './types.js';

type State =
  | { name: 'idle' }
  | { name: 'drawing'; steps: PathStep[]; start: Point; last: Point; cursor: Point | null }
  | { name: 'pressing'; steps: PathStep[]; start: Point; last: Point; anchor: Point; control: Point | null };

export class PenTool implements Tool {
  readonly id = 'pen' as const;
  private current: State = { name: 'idle' };

  get state(): string {
    return this.current.name;
  }

  get preview(): ToolPreview | null {
    const s = this.current;
    if (s.name === 'idle') return null;
    const cursor = s.name === 'drawing' ? s.cursor : (s.control ?? s.anchor);
    return { kind: 'pen', steps: s.steps, cursor, canClose: cursor !== null && this.closes(s, cursor, cursor) };
  }

  pointerDown(ctx: ToolContext, raw: Point): void {
    const s = this.current;
    const p = ctx.snapPoint(raw);
    if (s.name === 'idle') {
      this.current = { name: 'drawing', steps: [{ type: 'Move', x: p.x, y: p.y }], start: p, last: p, cursor: p };
    } else if (s.name === 'drawing') {
      if (this.closes(s, raw, p)) return this.finish(ctx, s.steps, true);
      this.current = { ...s, name: 'pressing', anchor: p, control: null };
    }
    ctx.changed();
  }

  pointerMove(ctx: ToolContext, raw: Point): void {
    const s = this.current;
    if (s.name === 'drawing') {
      this.current = { ...s, cursor: ctx.snapPoint(raw) };
    } else if (s.name === 'pressing') {
      if (s.control === null && distance(raw, s.anchor) <= dragThreshold(ctx.zoom)) return;
      this.current = { ...s, control: ctx.snapPoint(raw) };
    } else {
      return;
    }
    ctx.changed();
  }

  pointerUp(ctx: ToolContext, raw: Point): void {
    const s = this.current;
    if (s.name !== 'pressing') return;
    const { anchor } = s;
    const control = s.control ? ctx.snapPoint(raw) : null;
    const base = { name: 'drawing' as const, steps: s.steps, start: s.start, last: s.last, cursor: anchor };
    // A second click on the same spot (the first half of a double-click) adds nothing.
    const duplicate = !control && anchor.x === s.last.x && anchor.y === s.last.y;
    if (duplicate || s.steps.length >= DRAWING_LIMITS.pathSteps - 1) {
      this.current = base;
    } else {
      const step: PathStep = control
        ? { type: 'Curve', x1: control.x, y1: control.y, x: anchor.x, y: anchor.y }
        : { type: 'Line', x: anchor.x, y: anchor.y };
      this.current = { ...base, steps: [...s.steps, step], last: anchor };
    }
    ctx.changed();
  }

  doubleClick(ctx: ToolContext): void {
    this.finishOpen(ctx);
  }

  keyDown(ctx: ToolContext, e: KeyEvent): boolean {
    if (e.key !== 'Enter') return false;
    return this.finishOpen(ctx);
  }

  cancel(ctx: ToolContext): boolean {
    if (this.current.name === 'idle') return false;
    this.current = { name: 'idle' };
    ctx.changed();
    return true;
  }

  exit(ctx: ToolContext): void {
    this.cancel(ctx);
  }

  /**
   * Closing click: more than 2 points placed, and the click within 5 of the start. With snapping on,
   * a click that snaps exactly onto the start also closes (otherwise a near miss would add a point
   * on top of the start).
   */
  private closes(s: { steps: PathStep[]; start: Point }, raw: Point, snapped: Point): boolean {
    if (pathPointCount(s.steps) <= PEN_CLOSE_MIN_POINTS) return false;
    return distance(raw, s.start) <= PEN_CLOSE_DISTANCE || (snapped.x === s.start.x && snapped.y === s.start.y);
  }

  private finishOpen(ctx: ToolContext): boolean {
    const s = this.current;
    if (s.name !== 'drawing' || pathPointCount(s.steps) < 2) return false;
    this.finish(ctx, s.steps, false);
    return true;
  }

  private finish(ctx: ToolContext, steps: PathStep[], closed: boolean): void {
    const shape = shapeFromAbsoluteSteps(closed ? [...steps, { type: 'Closure' }] : steps, ctx.newId());
    this.current = { name: 'idle' };
    ctx.commit(addShape(ctx.drawing, shape));
    ctx.select({ kind: 'shape', id: shape.id });
  }
}
