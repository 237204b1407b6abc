/**
 * The layout editor's state and the one place that changes it. The SVG view feeds it events
 * (`dispatch`), renders `getState()` (stable between changes, so React's useSyncExternalStore works),
 * and shows the intents it emits (dialogs, alerts, scrolling). No React, no DOM: tests drive it with
 * scripted events.
 *
 * Undo steps are decided in DrawingSession (session.ts): a commit is one step, an interaction
 * (a drag, a placement) is one step however many moves it has; selection, tool, zoom and view flags
 * are never steps.
 */
import { EDITOR_ZOOM } from '../../../domain/layout/constants.js';
import type { Drawing, TextBox } from '../../../domain/layout/drawing.js';
import { emptyDrawing } from '../../../domain/layout/drawingBasics.js';
import type { Desk } from '../../../domain/layout/drawing.js';
import { copyElements, pasteClip, type Clip } from './clipboard.js';
import { addDesks, readingOrder, renameDesks as renameDesksIn } from './deskBatch.js';
import { deleteElement, deleteElements, updateDesk, updateText, type DeskPatch, type EditResult } from './document.js';
import { allRefs, elementExists, existingRefs, refKey, type ElementRef } from './elements.js';
import { alignGroup, distributeGroup, nudgeGroup, rotateGroup, type Alignment } from './groupOps.js';
import {
  clampZoom,
  clampWheelZoom,
  desksBounds,
  fitBounds,
  nextDefaultRotation,
  snapPoint,
  stepZoom,
  type Point,
  type Viewport,
} from './geometry.js';
import type { EditorState } from './editorState.js';
import { Notifier } from './notifier.js';
import { DrawingSession } from './session.js';
import { commandForKey } from './shortcuts.js';
import { ROTATION_STEP } from '../../../domain/layout/constants.js';
import { createTools } from './tools/index.js';
import type {
  CanvasPointerEvent,
  EditorEvent,
  EditorIntent,
  KeyEvent,
  Tool,
  ToolContext,
  ToolId,
} from './tools/types.js';

export const NO_PROPERTIES = 'No properties to edit';

export interface EditorOptions {
  drawing?: Drawing;
  /** Ids for new desks and shapes; injected so tests are deterministic. */
  newId?: () => string;
  historyLimit?: number;
  showGrid?: boolean;
  snap?: boolean;
  /** Clock for grouping a burst of arrow-key nudges into one undo step; injected by tests. */
  now?: () => number;
}

/** Nudges in the same direction less than this far apart are one undo step. */
export const NUDGE_BURST_MS = 1000;

export type InsertResult = { ok: true } | { ok: false; message: string };

export type { EditorState };

const defaultNewId = (): string => {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  // randomUUID exists only in secure contexts; a plain-http LAN install still needs unique ids.
  return Array.from(c.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
};

export class Editor {
  private readonly session: DrawingSession;
  /** Selected elements in selection order, and their keys for O(1) "is it selected?". */
  private selectedList: readonly ElementRef[] = [];
  private selectedKeys = new Set<string>();
  private clip: Clip | null = null;
  private readonly now: () => number;
  private lastNudge: { direction: string; at: number; version: number } | null = null;
  private toolId: ToolId = 'pointer';
  private readonly tools: Record<ToolId, Tool> = createTools();
  private showGrid: boolean;
  private snap: boolean;
  private defaultDeskRotation = 0;
  private newDeskBookable = true;
  private zoom: number = EDITOR_ZOOM.initial;
  private viewport: Viewport = { width: 1200, height: 800 };
  private readonly newId: () => string;
  private snapshot: EditorState;
  private readonly notifier = new Notifier(() => {
    this.snapshot = this.buildSnapshot();
  });
  private readonly ctx: ToolContext;

  constructor(options: EditorOptions = {}) {
    this.session = new DrawingSession(options.drawing ?? emptyDrawing(), options.historyLimit);
    this.newId = options.newId ?? defaultNewId;
    this.showGrid = options.showGrid ?? true;
    this.snap = options.snap ?? true;
    this.now = options.now ?? Date.now;
    this.ctx = this.makeToolContext();
    this.snapshot = this.buildSnapshot();
  }

  // ---------- observation ----------

  getState(): EditorState {
    return this.snapshot;
  }

  subscribe(listener: () => void): () => void {
    return this.notifier.subscribe(listener);
  }

  /** Dialogs, alerts and scrolling the view must perform (see EditorIntent). */
  onIntent(listener: (intent: EditorIntent) => void): () => void {
    return this.notifier.onIntent(listener);
  }

  // ---------- input ----------

  /** Feeds one pointer or key event. Returns true when the event was used (the view may preventDefault). */
  dispatch(event: EditorEvent): boolean {
    return this.batch(() => {
      const used = event.type === 'keyDown' ? this.keyDown(event) : this.pointer(event);
      // Tools change their own state (pressing -> idle) without touching the drawing; re-render then too.
      const tool = this.tools[this.toolId];
      if (tool.state !== this.snapshot.toolState || tool.preview !== this.snapshot.preview || (tool.marquee ?? null) !== this.snapshot.marquee
        || (tool.groupDrag ?? null) !== this.snapshot.groupDrag) this.changed();
      return used;
    });
  }

  private pointer(event: CanvasPointerEvent): boolean {
    const tool = this.tools[this.toolId];
    const p: Point = { x: event.x, y: event.y };
    if (event.type === 'pointerDown') tool.pointerDown(this.ctx, p, { shift: Boolean(event.shiftKey) });
    else if (event.type === 'pointerMove') tool.pointerMove(this.ctx, p);
    else if (event.type === 'pointerUp') tool.pointerUp(this.ctx, p);
    else tool.doubleClick(this.ctx, p);
    return true;
  }

  private keyDown(event: KeyEvent): boolean {
    if (this.tools[this.toolId].keyDown(this.ctx, event)) return true;
    // The first command on this key that applies now (R rotates the selection, else new desks).
    const command = commandForKey(event, this.snapshot);
    if (!command) return false;
    command.run(this, event);
    return true;
  }

  // ---------- commands (the command table calls these) ----------

  setTool(id: ToolId): void {
    this.batch(() => {
      if (id === this.toolId) return;
      this.tools[this.toolId].exit(this.ctx);
      this.toolId = id;
      this.changed();
    });
  }

  /** I: Floor space <-> Internal room; from any other tool it picks Floor space. */
  switchRectangleTool(): void {
    this.setTool(this.toolId === 'floor' ? 'room' : 'floor');
  }

  /** Escape: abandons the current tool's in-progress work (pen shape, drag); else clears the selection. */
  cancel(): boolean {
    return this.batch(() => this.tools[this.toolId].cancel(this.ctx));
  }

  /** Ctrl+Z. Mid-gesture it only abandons the gesture: that is the change being undone. */
  undo(): void {
    this.batch(() => {
      if (!this.abandonInProgress() && this.session.undo()) this.drawingChanged();
    });
  }

  /** Ctrl+Y. */
  redo(): void {
    this.batch(() => {
      if (!this.abandonInProgress() && this.session.redo()) this.drawingChanged();
    });
  }

  toggleGrid(): void {
    this.showGrid = !this.showGrid;
    this.changed();
  }

  toggleSnap(): void {
    this.snap = !this.snap;
    this.changed();
  }

  toggleNewDeskBookable(): void {
    this.newDeskBookable = !this.newDeskBookable;
    this.changed();
  }

  rotateDefaultDeskRotation(): void {
    this.defaultDeskRotation = nextDefaultRotation(this.defaultDeskRotation);
    this.changed();
  }

  /** The zoom buttons' range (SPEC: 0.1 to 0.7). */
  setZoom(zoom: number): void {
    this.zoom = clampZoom(zoom);
    this.changed();
  }

  /** Wheel and pinch zoom: may go beyond the buttons' range (WHEEL_ZOOM); the readout says so. */
  zoomTo(zoom: number): void {
    const next = clampWheelZoom(zoom);
    if (next === this.zoom) return;
    this.zoom = next;
    this.changed();
  }

  /** Outside the buttons' range, a button only ever brings the zoom back towards it. */
  zoomIn(): void {
    const next = stepZoom(this.zoom, 1);
    if (next > this.zoom) this.setZoom(next);
  }

  zoomOut(): void {
    const next = stepZoom(this.zoom, -1);
    if (next < this.zoom) this.setZoom(next);
  }

  /** The view reports its visible size (screen pixels) so "fit desks to screen" can compute a zoom. */
  setViewport(viewport: Viewport): void {
    this.viewport = viewport;
  }

  fitDesksToScreen(): void {
    const bounds = desksBounds(this.session.drawing.desks);
    if (!bounds) return this.emit({ type: 'notice', message: 'There are no desks to fit' });
    const target = fitBounds(bounds, this.viewport);
    this.setZoom(target.zoom);
    this.emit({ type: 'scrollTo', x: target.scrollX, y: target.scrollY });
  }

  /** Selects exactly this element (or nothing). */
  select(ref: ElementRef | null): void {
    this.setSelection(ref && elementExists(this.session.drawing, ref) ? [ref] : []);
  }

  /** Replaces the selection (elements that do not exist are dropped; duplicates kept once). */
  setSelection(refs: readonly ElementRef[]): void {
    const keys = new Set<string>();
    const list: ElementRef[] = [];
    for (const ref of existingRefs(this.session.drawing, refs)) {
      const key = refKey(ref);
      if (keys.has(key)) continue;
      keys.add(key);
      list.push(ref);
    }
    if (list.length === this.selectedList.length && list.every((r) => this.selectedKeys.has(refKey(r)))) {
      if (list.every((r, i) => refKey(r) === refKey(this.selectedList[i]!))) return;
    }
    this.selectedList = list;
    this.selectedKeys = keys;
    this.changed();
  }

  /** Shift-click: adds the element to the selection, or takes it out if it was in. */
  toggleSelected(ref: ElementRef): void {
    const key = refKey(ref);
    if (this.selectedKeys.has(key)) this.setSelection(this.selectedList.filter((r) => refKey(r) !== key));
    else this.setSelection([...this.selectedList, ref]);
  }

  isSelected(ref: ElementRef): boolean {
    return this.selectedKeys.has(refKey(ref));
  }

  /** Ctrl+A. */
  selectAll(): void {
    this.setSelection(allRefs(this.session.drawing));
  }

  /** The selected desks, rows top to bottom, each row left to right (renumbering goes in this order). */
  selectedDesksInReadingOrder(): Desk[] {
    const ids = new Set(this.selectedList.flatMap((r) => (r.kind === 'desk' ? [r.id] : [])));
    return readingOrder(this.session.drawing.desks.filter((d) => ids.has(d.id)));
  }

  /** Edit: opens the selected element's editor (only with exactly one selected). */
  editSelected(): void {
    const one = this.single();
    if (one) this.edit(one);
  }

  /**
   * Delete: with desks in the selection the view first checks their future bookings (SPEC 4) and
   * asks once, then calls deleteElements(refs); without desks everything goes at once. One undo step.
   */
  deleteSelected(): void {
    const refs = [...this.selectedList];
    if (!refs.length) return;
    const deskIds = refs.flatMap((r) => (r.kind === 'desk' ? [r.id] : []));
    if (deskIds.length) return this.emit({ type: 'confirmDeleteDesk', deskId: deskIds[0]!, deskIds, refs });
    this.deleteElements(refs);
  }

  /** Deletes many elements as ONE undo step (the view calls this once deletion is confirmed). */
  deleteElements(refs: readonly ElementRef[]): void {
    this.batch(() => {
      this.abandonInProgress();
      const present = existingRefs(this.session.drawing, refs);
      if (!present.length) return;
      this.session.commit(deleteElements(this.session.drawing, present));
      this.selectedList = [];
      this.selectedKeys = new Set();
      this.drawingChanged();
    });
  }

  // ---------- many elements ----------

  /** Rotates the selection about its centre (R: by 45). Desks keep whole degrees. One undo step. */
  rotateSelection(degrees: number = ROTATION_STEP): EditResult {
    return this.applyToSelection(rotateGroup(this.session.drawing, this.selectedList, degrees));
  }

  alignSelection(how: Alignment): EditResult {
    return this.applyToSelection(alignGroup(this.session.drawing, this.selectedList, how));
  }

  distributeSelection(axis: 'horizontal' | 'vertical'): EditResult {
    return this.applyToSelection(distributeGroup(this.session.drawing, this.selectedList, axis));
  }

  /**
   * Arrow keys: moves the selection by (dx, dy). Nudges in the same direction less than a second
   * apart, with no other change between them, are ONE undo step (holding an arrow key down).
   */
  nudgeSelection(dx: number, dy: number): EditResult {
    if (!this.selectedList.length) return { ok: true, drawing: this.session.drawing };
    const result = nudgeGroup(this.session.drawing, this.selectedList, dx, dy);
    if (!result.ok) {
      this.emit({ type: 'notice', message: result.reason });
      return result;
    }
    const direction = `${Math.sign(dx)},${Math.sign(dy)}`;
    const now = this.now();
    const last = this.lastNudge;
    const continues = last !== null && last.direction === direction && now - last.at < NUDGE_BURST_MS && last.version === this.session.version;
    this.batch(() => {
      this.abandonInProgress();
      const changed = continues ? this.session.amend(result.drawing) : this.session.commit(result.drawing);
      if (changed) this.drawingChanged();
    });
    this.lastNudge = { direction, at: now, version: this.session.version };
    return result;
  }

  /** Ctrl+C: remembers the selection (the editor's own clipboard). */
  copy(): void {
    const clip = copyElements(this.session.drawing, this.selectedList);
    if (!clip) return;
    this.clip = clip;
    this.changed();
  }

  /** Ctrl+V: the clipboard placed beside where it was copied from, with new ids and desk names, selected. One undo step. */
  paste(): EditResult {
    if (!this.clip) return { ok: false, reason: 'Nothing has been copied' };
    const result = this.pasteOf(this.clip);
    if (result.ok) this.clip = result.clip;
    return result.ok ? { ok: true, drawing: result.drawing } : result;
  }

  /** Ctrl+D: copy and paste in one go, leaving the clipboard as it was. */
  duplicate(): EditResult {
    const clip = copyElements(this.session.drawing, this.selectedList);
    if (!clip) return { ok: false, reason: 'Nothing is selected' };
    const result = this.pasteOf(clip);
    return result.ok ? { ok: true, drawing: result.drawing } : result;
  }

  /**
   * Adds desks made elsewhere (the desk block tool) as ONE undo step and selects them. The whole set
   * is refused, with the reason, if any desk is off the canvas, overlaps a desk (old or new), or
   * repeats an id or a name.
   */
  insertDesks(desks: Desk[]): InsertResult {
    const result = addDesks(this.session.drawing, desks);
    if (!result.ok) return { ok: false, message: result.reason };
    this.batch(() => {
      this.applyResult(result);
      this.setSelection(desks.map((d) => ({ kind: 'desk', id: d.id })));
    });
    return { ok: true };
  }

  /** Renames desks (desk id -> new name) as ONE undo step; refused if two desks would share a name. */
  renameDesks(names: ReadonlyMap<string, string>): EditResult {
    return this.applyResult(renameDesksIn(this.session.drawing, names));
  }

  /** Deletes an element (the view calls this for a desk once deletion is confirmed). One undo step. */
  deleteElement(ref: ElementRef): void {
    this.batch(() => {
      this.abandonInProgress();
      if (!elementExists(this.session.drawing, ref)) return;
      this.session.commit(deleteElement(this.session.drawing, ref));
      this.drawingChanged();
    });
  }

  /** The desk editor's Save. Refused (with the reason) if the result is invalid or overlaps. */
  updateDesk(id: string, patch: DeskPatch): EditResult {
    return this.applyResult(updateDesk(this.session.drawing, id, patch, this.snap));
  }

  /** The text editor's Save. */
  updateText(index: number, patch: Partial<Pick<TextBox, 'text' | 'fontSize'>>): EditResult {
    return this.applyResult(updateText(this.session.drawing, index, patch));
  }

  // ---------- documents and saving ----------

  /** Opens a drawing from the server: clean, with empty history. */
  load(drawing: Drawing): void {
    this.batch(() => {
      this.abandonInProgress();
      this.session.load(drawing);
      this.selectedList = [];
      this.selectedKeys = new Set();
      this.changed();
    });
  }

  /** Replaces the whole drawing as one undoable, unsaved change (e.g. restoring a local draft). */
  replaceWith(drawing: Drawing): void {
    this.applyResult({ ok: true, drawing });
  }

  /** Records that the drawing of `version` (from getState()) reached the server. */
  markSaved(version: number): void {
    if (this.session.markSaved(version)) this.changed();
  }

  // ---------- internals ----------

  /** The one selected element when exactly one is selected. */
  private single(): ElementRef | null {
    return this.selectedList.length === 1 ? this.selectedList[0]! : null;
  }

  private pasteOf(clip: Clip) {
    const result = pasteClip(this.session.drawing, clip, this.newId);
    if (!result.ok) {
      this.emit({ type: 'notice', message: result.reason });
      return result;
    }
    this.batch(() => {
      this.applyResult({ ok: true, drawing: result.drawing });
      this.setSelection(result.refs);
    });
    return result;
  }

  /** A group operation's result: applied as one step, or its refusal shown as a notice. */
  private applyToSelection(result: EditResult): EditResult {
    if (!result.ok) this.emit({ type: 'notice', message: result.reason });
    return this.applyResult(result);
  }

  private edit(ref: ElementRef): void {
    if (ref.kind === 'desk') this.emit({ type: 'openDeskEditor', deskId: ref.id });
    else if (ref.kind === 'text') this.emit({ type: 'openTextEditor', index: ref.index });
    else this.emit({ type: 'alert', message: NO_PROPERTIES });
  }

  private applyResult(result: EditResult): EditResult {
    if (result.ok) {
      this.batch(() => {
        this.abandonInProgress();
        if (this.session.commit(result.drawing)) this.drawingChanged();
      });
    }
    return result;
  }

  /** Cancels an unfinished gesture of the current tool; true if there was one. */
  private abandonInProgress(): boolean {
    const tool = this.tools[this.toolId];
    if (tool.state === 'idle' && this.session.interactionBase === null) return false;
    tool.exit(this.ctx);
    if (this.session.cancel()) this.drawingChanged();
    return true;
  }

  /** The drawing was replaced: keep only the selected elements that still exist. */
  private drawingChanged(): void {
    if (this.selectedList.length) {
      const kept = existingRefs(this.session.drawing, this.selectedList);
      if (kept.length !== this.selectedList.length) {
        this.selectedList = kept;
        this.selectedKeys = new Set(kept.map(refKey));
      }
    }
    this.changed();
  }

  private makeToolContext(): ToolContext {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the context is a live view onto this editor
    const editor = this;
    const session = this.session;
    return {
      get drawing() {
        return session.drawing;
      },
      get interactionBase() {
        return session.interactionBase;
      },
      get selection() {
        return editor.single();
      },
      get selected() {
        return editor.selectedList;
      },
      isSelected: (ref) => editor.isSelected(ref),
      setSelection: (refs) => editor.setSelection(refs),
      toggleSelected: (ref) => editor.toggleSelected(ref),
      get snap() {
        return editor.snap;
      },
      get zoom() {
        return editor.zoom;
      },
      get defaultDeskRotation() {
        return editor.defaultDeskRotation;
      },
      get newDeskBookable() {
        return editor.newDeskBookable;
      },
      snapPoint: (p) => snapPoint(p, editor.snap),
      commit: (next) => {
        if (session.commit(next)) editor.drawingChanged();
      },
      beginInteraction: () => session.begin(),
      updateInteraction: (next) => {
        if (session.update(next)) editor.changed();
      },
      endInteraction: () => {
        if (session.end()) editor.changed();
      },
      cancelInteraction: () => {
        if (session.cancel()) editor.drawingChanged();
      },
      select: (ref) => editor.select(ref),
      edit: (ref) => editor.edit(ref),
      newId: () => editor.newId(),
      emit: (intent) => editor.emit(intent),
      changed: () => editor.changed(),
    };
  }

  private emit(intent: EditorIntent): void {
    this.notifier.emit(intent);
  }

  private batch<T>(run: () => T): T {
    return this.notifier.batch(run);
  }

  private changed(): void {
    this.notifier.changed();
  }

  private buildSnapshot(): EditorState {
    const tool = this.tools[this.toolId];
    return {
      tool: this.toolId,
      toolState: tool.state,
      preview: tool.preview,
      marquee: tool.marquee ?? null,
      groupDrag: tool.groupDrag ?? null,
      drawing: this.session.drawing,
      selection: this.single(),
      selected: this.selectedList,
      showGrid: this.showGrid,
      snap: this.snap,
      defaultDeskRotation: this.defaultDeskRotation,
      newDeskBookable: this.newDeskBookable,
      zoom: this.zoom,
      zoomOutsideButtons: this.zoom < EDITOR_ZOOM.min || this.zoom > EDITOR_ZOOM.max,
      canPaste: this.clip !== null,
      canUndo: this.session.canUndo,
      canRedo: this.session.canRedo,
      dirty: this.session.dirty,
      version: this.session.version,
    };
  }
}
