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
import { emptyDrawing, type Drawing, type TextBox } from '../../../domain/layout/drawing.js';
import { deleteElement, updateDesk, updateText, type DeskPatch, type EditResult } from './document.js';
import { elementExists, sameRef, type ElementRef } from './elements.js';
import {
  clampZoom,
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
}

export type { EditorState };

const defaultNewId = (): string => {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  // randomUUID exists only in secure contexts; a plain-http LAN install still needs unique ids.
  return Array.from(c.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
};

export class Editor {
  private readonly session: DrawingSession;
  private selection: ElementRef | null = null;
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
      if (tool.state !== this.snapshot.toolState || tool.preview !== this.snapshot.preview) this.changed();
      return used;
    });
  }

  private pointer(event: CanvasPointerEvent): boolean {
    const tool = this.tools[this.toolId];
    const p: Point = { x: event.x, y: event.y };
    if (event.type === 'pointerDown') tool.pointerDown(this.ctx, p);
    else if (event.type === 'pointerMove') tool.pointerMove(this.ctx, p);
    else if (event.type === 'pointerUp') tool.pointerUp(this.ctx, p);
    else tool.doubleClick(this.ctx, p);
    return true;
  }

  private keyDown(event: KeyEvent): boolean {
    if (this.tools[this.toolId].keyDown(this.ctx, event)) return true;
    const command = commandForKey(event);
    if (!command) return false;
    command.run(this);
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

  setZoom(zoom: number): void {
    this.zoom = clampZoom(zoom);
    this.changed();
  }

  zoomIn(): void {
    this.setZoom(stepZoom(this.zoom, 1));
  }

  zoomOut(): void {
    this.setZoom(stepZoom(this.zoom, -1));
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

  select(ref: ElementRef | null): void {
    const next = ref && elementExists(this.session.drawing, ref) ? ref : null;
    if (sameRef(next, this.selection)) return;
    this.selection = next;
    this.changed();
  }

  /** Edit: opens the selected element's editor. */
  editSelected(): void {
    if (this.selection) this.edit(this.selection);
  }

  /** Delete: desks go through the view's future-bookings check first; anything else goes at once. */
  deleteSelected(): void {
    const ref = this.selection;
    if (!ref) return;
    if (ref.kind === 'desk') return this.emit({ type: 'confirmDeleteDesk', deskId: ref.id });
    this.deleteElement(ref);
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
      this.selection = null;
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

  /** The drawing was replaced: keep the selection only if its element still exists. */
  private drawingChanged(): void {
    if (this.selection && !elementExists(this.session.drawing, this.selection)) this.selection = null;
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
        return editor.selection;
      },
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
      drawing: this.session.drawing,
      selection: this.selection,
      showGrid: this.showGrid,
      snap: this.snap,
      defaultDeskRotation: this.defaultDeskRotation,
      newDeskBookable: this.newDeskBookable,
      zoom: this.zoom,
      canUndo: this.session.canUndo,
      canRedo: this.session.canRedo,
      dirty: this.session.dirty,
      version: this.session.version,
    };
  }
}
