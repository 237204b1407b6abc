/**
 * The contract between the editor and its tools. A tool is an explicit state machine: it reads the
 * editor through ToolContext and changes the drawing only through it, so history (what is one step)
 * and the Escape restore are decided in one place, the editor, not re-implemented per tool.
 */
import type { Drawing, PathStep } from '../../../../domain/layout/drawing.js';
import type { ElementRef } from '../elements.js';
import type { Point } from '../geometry.js';

export const TOOL_IDS = ['pointer', 'select', 'pen', 'desk', 'text', 'floor', 'room', 'door'] as const;
export type ToolId = (typeof TOOL_IDS)[number];

/** Pointer events carry CANVAS coordinates: the view converts from screen (zoom, scroll) first. */
export interface CanvasPointerEvent {
  type: 'pointerDown' | 'pointerMove' | 'pointerUp' | 'doubleClick';
  x: number;
  y: number;
  /** Shift-click adds to / removes from the selection; Shift-marquee adds. */
  shiftKey?: boolean;
}

export interface PointerMods {
  shift: boolean;
}

export interface KeyEvent {
  type: 'keyDown';
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
}

export type EditorEvent = CanvasPointerEvent | KeyEvent;

/** Things the view must show; the engine cannot open dialogs itself. */
export type EditorIntent =
  | { type: 'openDeskEditor'; deskId: string }
  | { type: 'openTextEditor'; index: number }
  /** A blocking alert, e.g. 'No properties to edit' when editing a door. */
  | { type: 'alert'; message: string }
  /** A passing notice, e.g. a desk placement refused because of an overlap. */
  | { type: 'notice'; message: string }
  /**
   * Deleting desks needs the future-bookings check (SPEC 4) first: ONE confirmation for all of
   * `deskIds`, then editor.deleteElements(refs) deletes the whole selection (`refs`, desks and
   * anything else selected with them) as one undo step. `deskId` is the first desk, for old callers.
   */
  | { type: 'confirmDeleteDesk'; deskId: string; deskIds: string[]; refs: ElementRef[] }
  /** Scroll so this canvas point is at the viewport's top-left (after the zoom changed). */
  | { type: 'scrollTo'; x: number; y: number };

/** What an in-progress tool wants drawn on top of the drawing (the drawing itself holds the rest). */
export type ToolPreview = { kind: 'pen'; steps: PathStep[]; cursor: Point | null; canClose: boolean };

/**
 * A selection of desks being dragged: the drawing the drag started on, the desks that move and the
 * offset they are drawn at. The view draws `base` with those desks moved by ONE transform on a group,
 * so a move costs one attribute, not one per desk (issue 21: 200 desks at 30+ frames a second). The
 * state's drawing still holds every moved desk at its place, as before.
 */
export interface GroupDrag {
  readonly base: Drawing;
  readonly deskIds: ReadonlySet<string>;
  readonly dx: number;
  readonly dy: number;
}

/** The rubber-band rectangle of a marquee selection, in canvas units. */
export interface MarqueeBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ToolContext {
  readonly drawing: Drawing;
  /** The one selected element when exactly one is selected, else null. */
  readonly selection: ElementRef | null;
  /** Every selected element, in selection order. */
  readonly selected: readonly ElementRef[];
  isSelected(ref: ElementRef): boolean;
  readonly snap: boolean;
  readonly zoom: number;
  readonly defaultDeskRotation: number;
  readonly newDeskBookable: boolean;
  /** Applies the grid snap when snapping is on. */
  snapPoint(p: Point): Point;
  /** One complete change: one undo step. */
  commit(next: Drawing): void;
  /** Starts a multi-event interaction (drag, placement): its updates become ONE undo step. */
  beginInteraction(): void;
  /** The drawing the current interaction started from; updates are computed from it, not stacked. */
  readonly interactionBase: Drawing | null;
  updateInteraction(next: Drawing): void;
  /** Ends the interaction: one undo step if the drawing changed, none otherwise. */
  endInteraction(): void;
  /** Escape: puts back the drawing the interaction started from. */
  cancelInteraction(): void;
  /** Selects exactly this element (or nothing). */
  select(ref: ElementRef | null): void;
  /** Replaces the whole selection (marquee). */
  setSelection(refs: readonly ElementRef[]): void;
  /** Shift-click: adds the element, or removes it if it was selected. */
  toggleSelected(ref: ElementRef): void;
  /** Opens the right editor for an element (desk editor, text editor, or the 'No properties' alert). */
  edit(ref: ElementRef): void;
  newId(): string;
  emit(intent: EditorIntent): void;
  /** The tool's own state (preview) changed: listeners must re-render. */
  changed(): void;
}

export interface Tool {
  readonly id: ToolId;
  /** Name of the current machine state: the view picks cursors from it, tests assert on it. */
  readonly state: string;
  readonly preview: ToolPreview | null;
  /** The marquee being dragged (Pointer/Select tools only). */
  readonly marquee?: MarqueeBox | null;
  /** A selection of desks being dragged (Pointer/Select tools only). */
  readonly groupDrag?: GroupDrag | null;
  pointerDown(ctx: ToolContext, p: Point, mods?: PointerMods): void;
  pointerMove(ctx: ToolContext, p: Point): void;
  pointerUp(ctx: ToolContext, p: Point): void;
  doubleClick(ctx: ToolContext, p: Point): void;
  /** Keys other than the command shortcuts (e.g. Enter in the pen). True when handled. */
  keyDown(ctx: ToolContext, e: KeyEvent): boolean;
  /** Escape: abandons whatever is in progress. True if there was something to abandon. */
  cancel(ctx: ToolContext): boolean;
  /** Leaving the tool: in-progress work is abandoned, as with Escape. */
  exit(ctx: ToolContext): void;
}

/**
 * Movement (in canvas units at zoom 1) below which a press is a click, not a drag. Divided by the
 * zoom so it is the same few SCREEN pixels at every zoom.
 */
export const DRAG_THRESHOLD_PX = 3;
export const dragThreshold = (zoom: number): number => DRAG_THRESHOLD_PX / zoom;
