/**
 * Desk tool: a press places a desk centred under the pointer (top-left snapped to the grid), with
 * the default rotation and the new-desk bookable flag; keep the button down to slide it into place.
 * Place + slide is ONE undo step. A place that overlaps another desk is refused with a notice.
 * Pressing on an existing desk selects it instead (so a double-click opens its editor).
 *
 *   idle --down on empty--> placing --move--> placing --up--> idle (one undo step)
 *   idle --down overlapping--> idle (notice, nothing added)
 *   placing --Escape--> idle (the new desk is removed)
 */
import { clampDeskPosition } from '../../../../domain/layout/deskGeometry.js';
import type { Desk, Drawing } from '../../../../domain/layout/drawing.js';
import { addDesk, deskTopLeftFor, nextDeskAlias } from '../document.js';
import type { Point } from '../geometry.js';
import { hitTest } from '../hitTest.js';
import { dragTo, type DragSession } from './drag.js';
import type { KeyEvent, Tool, ToolContext } from './types.js';

type State = { name: 'idle' } | { name: 'placing'; drag: DragSession; withDesk: Drawing };

export class DeskTool implements Tool {
  readonly id = 'desk' as const;
  private current: State = { name: 'idle' };

  get state(): string {
    return this.current.name;
  }

  get preview(): null {
    return null;
  }

  pointerDown(ctx: ToolContext, p: Point): void {
    if (this.current.name !== 'idle') return;
    const hit = hitTest(ctx.drawing, p);
    if (hit?.kind === 'desk') return ctx.select(hit);

    const at = clampDeskPosition(ctx.snapPoint(deskTopLeftFor(p)));
    const desk: Desk = {
      ...at,
      rotation: ctx.defaultDeskRotation,
      bookable: ctx.newDeskBookable,
      id: ctx.newId(),
      alias: nextDeskAlias(ctx.drawing),
      assignedTeams: [],
      tags: [],
    };
    const result = addDesk(ctx.drawing, desk);
    if (!result.ok) return ctx.emit({ type: 'notice', message: result.reason });

    ctx.beginInteraction();
    ctx.updateInteraction(result.drawing);
    const ref = { kind: 'desk', id: desk.id } as const;
    ctx.select(ref);
    // The drag is measured against the drawing WITH the new desk, so sliding never re-adds it.
    this.current = { name: 'placing', drag: { ref, startPointer: p, startPosition: at }, withDesk: result.drawing };
  }

  pointerMove(ctx: ToolContext, p: Point): void {
    if (this.current.name === 'placing') dragTo(ctx, this.current.drag, p, this.current.withDesk);
  }

  pointerUp(ctx: ToolContext, p: Point): void {
    if (this.current.name !== 'placing') return;
    dragTo(ctx, this.current.drag, p, this.current.withDesk);
    this.current = { name: 'idle' };
    ctx.endInteraction();
  }

  doubleClick(ctx: ToolContext, p: Point): void {
    const hit = hitTest(ctx.drawing, p);
    if (hit?.kind === 'desk') ctx.edit(hit);
  }

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
}
