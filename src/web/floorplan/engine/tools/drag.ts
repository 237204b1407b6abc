/**
 * Dragging an element, shared by the Pointer/Select tools and the Desk tool's place-and-adjust.
 * Each move recomputes from the drawing the drag started on (never from the previous move), so
 * snapping never accumulates error and cancelling is simply "put the start back".
 */
import type { Drawing } from '../../../../domain/layout/drawing.js';
import { moveElement } from '../document.js';
import { elementFrame, type ElementRef } from '../elements.js';
import type { Point } from '../geometry.js';
import type { ToolContext } from './types.js';

export interface DragSession {
  ref: ElementRef;
  startPointer: Point;
  /** Element top-left when the drag began. */
  startPosition: Point;
}

export const startDrag = (ctx: ToolContext, ref: ElementRef, pointer: Point): DragSession | null => {
  const frame = elementFrame(ctx.drawing, ref);
  if (!frame) return null;
  ctx.beginInteraction();
  return { ref, startPointer: pointer, startPosition: { x: frame.x, y: frame.y } };
};

/**
 * Moves the dragged element with the pointer. The element's top-left (not the pointer delta) is
 * snapped, so it lands on the grid. A desk position that would overlap another desk is refused and
 * the desk stays where it last fitted. `base` is the drawing the element started on: the interaction's
 * start, or (Desk tool) that drawing plus the desk just placed.
 */
export const dragTo = (
  ctx: ToolContext,
  drag: DragSession,
  pointer: Point,
  base: Drawing | null = ctx.interactionBase,
): void => {
  if (!base) return;
  const target = ctx.snapPoint({
    x: drag.startPosition.x + pointer.x - drag.startPointer.x,
    y: drag.startPosition.y + pointer.y - drag.startPointer.y,
  });
  const result = moveElement(base, drag.ref, target);
  if (result.ok) ctx.updateInteraction(result.drawing);
};
