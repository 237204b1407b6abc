/**
 * Door tool: a click places a door centred under the pointer (one undo step); a click on an existing
 * door selects it. Doors have nothing to edit (double-click gives 'No properties to edit').
 * A single state: there is nothing in progress between events.
 */
import { addDoor } from '../document.js';
import { DOOR_SIZE } from '../elements.js';
import { clamp, type Point } from '../geometry.js';
import { CANVAS_SIZE } from '../../../../domain/layout/constants.js';
import { hitTest } from '../hitTest.js';
import type { KeyEvent, Tool, ToolContext } from './types.js';

export class DoorTool implements Tool {
  readonly id = 'door' as const;
  readonly state = 'idle';
  readonly preview = null;

  pointerDown(ctx: ToolContext, p: Point): void {
    const hit = hitTest(ctx.drawing, p);
    if (hit?.kind === 'door') return ctx.select(hit);
    const at = ctx.snapPoint({ x: p.x - DOOR_SIZE / 2, y: p.y - DOOR_SIZE / 2 });
    const max = CANVAS_SIZE - DOOR_SIZE;
    ctx.commit(addDoor(ctx.drawing, { x: clamp(at.x, 0, max), y: clamp(at.y, 0, max), rotation: 0 }));
    ctx.select({ kind: 'door', index: ctx.drawing.doors.length - 1 });
  }

  pointerMove(): void {}

  pointerUp(): void {}

  doubleClick(ctx: ToolContext, p: Point): void {
    const hit = hitTest(ctx.drawing, p);
    if (hit?.kind === 'door') ctx.edit(hit);
  }

  keyDown(_ctx: ToolContext, _e: KeyEvent): boolean {
    return false;
  }

  cancel(): boolean {
    return false;
  }

  exit(): void {}
}
