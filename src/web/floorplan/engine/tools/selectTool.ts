/**
 * Pointer and Select tools: click selects, shift-click adds or removes, a drag on empty canvas draws
 * a marquee, a drag on a selected element moves the whole selection, the handle above a single
 * selected element rotates it, double-click opens its editor. The toolbar's Tools "Pointer" (V) and
 * Editing "Select" are the same machine under two ids: the spec names both and describes no difference.
 *
 *   idle --down on element--> pressing --move past threshold--> dragging --up--> idle (one undo step)
 *   idle --down on handle--> rotating --up--> idle (one undo step)
 *   idle --down on empty canvas--> marquee --up--> idle (selection only, no undo step)
 *   pressing --up--> idle (a click: selection only, no undo step)
 *   dragging/rotating --Escape--> idle, drawing restored; marquee --Escape--> idle, selection restored
 *
 * Marquee rule (as in Figma): an element is picked when its box (after rotation) INTERSECTS the
 * rectangle, not only when it lies wholly inside: quicker for rows of desks.
 */
import { rotateElement } from '../document.js';
import { elementFrame, forEachFrame, frameBounds, frameCenter, refKey, type ElementRef } from '../elements.js';
import { angleFrom, boxFromCorners, distance, wrapRotation, type Point } from '../geometry.js';
import { clampDelta, moveGroup, prepareGroupMove, type GroupMove } from '../groupOps.js';
import { hitRotationHandle, hitTest } from '../hitTest.js';
import { dragTo, startDrag, type DragSession } from './drag.js';
import { dragThreshold, type GroupDrag, type KeyEvent, type MarqueeBox, type PointerMods, type Tool, type ToolContext } from './types.js';

type State =
  | { name: 'idle' }
  /** `collapse`: a plain click on an already selected element selects just it (on release, so a drag moves them all). */
  | { name: 'pressing'; ref: ElementRef; start: Point; collapse: boolean }
  | { name: 'dragging'; drag: DragSession }
  | { name: 'dragging'; group: GroupMove; start: Point; anchor: Point; shown: GroupDrag | null }
  | { name: 'rotating'; ref: ElementRef; center: Point }
  | { name: 'marquee'; start: Point; base: readonly ElementRef[]; hitKeys: string; box: MarqueeBox | null };

export class SelectTool implements Tool {
  private current: State = { name: 'idle' };

  constructor(readonly id: 'pointer' | 'select') {}

  get state(): string {
    return this.current.name;
  }

  get preview(): null {
    return null;
  }

  get marquee(): MarqueeBox | null {
    return this.current.name === 'marquee' ? this.current.box : null;
  }

  get groupDrag(): GroupDrag | null {
    return this.current.name === 'dragging' && 'group' in this.current ? this.current.shown : null;
  }

  pointerDown(ctx: ToolContext, p: Point, mods: PointerMods = { shift: false }): void {
    if (this.current.name !== 'idle') return;
    if (!mods.shift && ctx.selection && hitRotationHandle(ctx.drawing, ctx.selection, p)) {
      const frame = elementFrame(ctx.drawing, ctx.selection);
      if (frame) {
        ctx.beginInteraction();
        this.current = { name: 'rotating', ref: ctx.selection, center: frameCenter(frame) };
        return;
      }
    }
    const ref = hitTest(ctx.drawing, p);
    if (!ref) {
      if (!mods.shift) ctx.select(null);
      this.current = { name: 'marquee', start: p, base: mods.shift ? ctx.selected : [], hitKeys: '', box: null };
      return;
    }
    if (mods.shift) {
      ctx.toggleSelected(ref);
      // Shift-press on an element just added may still drag the selection; one just removed may not.
      if (ctx.isSelected(ref)) this.current = { name: 'pressing', ref, start: p, collapse: false };
      return;
    }
    const wasSelected = ctx.isSelected(ref);
    if (!wasSelected) ctx.select(ref);
    this.current = { name: 'pressing', ref, start: p, collapse: wasSelected && ctx.selected.length > 1 };
  }

  pointerMove(ctx: ToolContext, p: Point): void {
    const s = this.current;
    if (s.name === 'pressing' && distance(p, s.start) > dragThreshold(ctx.zoom)) {
      this.startDragging(ctx, s.ref, s.start, p);
    } else if (s.name === 'dragging') {
      if ('drag' in s) dragTo(ctx, s.drag, p);
      else this.moveGroupTo(ctx, s, p);
    } else if (s.name === 'rotating') {
      this.rotateTo(ctx, s, p);
    } else if (s.name === 'marquee') {
      this.marqueeTo(ctx, s, p);
    }
  }

  pointerUp(ctx: ToolContext, p: Point): void {
    const s = this.current;
    if (s.name === 'dragging') {
      if ('drag' in s) dragTo(ctx, s.drag, p);
      else this.moveGroupTo(ctx, s, p);
      ctx.endInteraction();
    } else if (s.name === 'rotating') {
      this.rotateTo(ctx, s, p);
      ctx.endInteraction();
    } else if (s.name === 'pressing' && s.collapse) {
      ctx.select(s.ref);
    } else if (s.name === 'marquee' && s.box) {
      this.marqueeTo(ctx, s, p);
    }
    this.reset(ctx);
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
    this.reset(ctx);
    if (s.name === 'dragging' || s.name === 'rotating') {
      ctx.cancelInteraction();
      return true;
    }
    if (s.name === 'marquee') {
      ctx.setSelection(s.base);
      return true;
    }
    if (s.name === 'pressing') return true;
    // Nothing in progress: Escape clears the selection, as in most editors.
    if (ctx.selected.length) {
      ctx.select(null);
      return true;
    }
    return false;
  }

  exit(ctx: ToolContext): void {
    const s = this.current;
    this.reset(ctx);
    if (s.name === 'dragging' || s.name === 'rotating') ctx.cancelInteraction();
  }

  private startDragging(ctx: ToolContext, ref: ElementRef, start: Point, p: Point): void {
    const refs = ctx.selected;
    if (refs.length <= 1) {
      const drag = startDrag(ctx, ref, start);
      if (!drag) return this.reset(ctx);
      this.current = { name: 'dragging', drag };
      dragTo(ctx, drag, p);
      return;
    }
    const group = prepareGroupMove(ctx.drawing, refs);
    const frame = elementFrame(ctx.drawing, ref);
    if (!group || !frame) return this.reset(ctx);
    ctx.beginInteraction();
    // Only a selection of desks alone is drawn offset (desks are what big selections are made of);
    // one with shapes, text or rooms in it is redrawn from the moved drawing, as before.
    const desksOnly = refs.every((r) => r.kind === 'desk');
    const base = ctx.interactionBase;
    const shown = desksOnly && base ? { base, deskIds: new Set(group.movingDesks.map((m) => m.desk.id)), dx: 0, dy: 0 } : null;
    const s = { name: 'dragging' as const, group, start, anchor: { x: frame.x, y: frame.y }, shown };
    this.current = s;
    this.moveGroupTo(ctx, s, p);
  }

  /**
   * The pressed element's top-left follows the pointer and is snapped (as a single drag), and the
   * rest of the selection keeps its place relative to it. A place where a moving desk would land on
   * a desk that stays is refused: the selection stays where it last fitted.
   */
  private moveGroupTo(ctx: ToolContext, s: { group: GroupMove; start: Point; anchor: Point; shown: GroupDrag | null }, p: Point): void {
    const base = ctx.interactionBase;
    if (!base) return;
    const target = ctx.snapPoint({ x: s.anchor.x + p.x - s.start.x, y: s.anchor.y + p.y - s.start.y });
    const result = moveGroup(base, s.group, target.x - s.anchor.x, target.y - s.anchor.y);
    if (!result.ok) return;
    if (s.shown) {
      // The offset actually applied (kept on the canvas), as moveGroup applied it.
      const d = clampDelta(s.group.box, target.x - s.anchor.x, target.y - s.anchor.y);
      if (d.x !== s.shown.dx || d.y !== s.shown.dy) s.shown = { ...s.shown, dx: d.x, dy: d.y };
    }
    ctx.updateInteraction(result.drawing);
  }

  private rotateTo(ctx: ToolContext, s: { ref: ElementRef; center: Point }, p: Point): void {
    const base = ctx.interactionBase;
    if (!base) return;
    ctx.updateInteraction(rotateElement(base, s.ref, wrapRotation(angleFrom(s.center, p), ctx.snap)));
  }

  /** One pass over the drawing per (animation-frame-coalesced) move; the selection changes only when the hits do. */
  private marqueeTo(ctx: ToolContext, s: Extract<State, { name: 'marquee' }>, p: Point): void {
    if (!s.box && distance(p, s.start) <= dragThreshold(ctx.zoom)) return;
    const box = boxFromCorners(s.start, p);
    s.box = box;
    const baseKeys = new Set(s.base.map(refKey));
    const hits: ElementRef[] = [];
    const right = box.x + box.width;
    const bottom = box.y + box.height;
    forEachFrame(ctx.drawing, (ref, frame) => {
      const b = frameBounds(frame);
      if (b.x <= right && b.x + b.width >= box.x && b.y <= bottom && b.y + b.height >= box.y && !baseKeys.has(refKey(ref))) hits.push(ref);
    });
    const hitKeys = hits.map(refKey).join('|');
    if (hitKeys !== s.hitKeys) {
      s.hitKeys = hitKeys;
      ctx.setSelection([...s.base, ...hits]);
    }
    ctx.changed();
  }

  private reset(ctx?: ToolContext): void {
    const hadPreview = this.current.name === 'marquee' && this.current.box !== null;
    this.current = { name: 'idle' };
    if (hadPreview) ctx?.changed();
  }
}
