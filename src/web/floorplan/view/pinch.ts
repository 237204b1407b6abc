/**
 * Two-finger touch pinch, shared by the desk map (ZoomScroller) and the layout editor (EditorCanvas):
 * which touch points are down, when two of them make a pinch, and (for the editor) the zoom and view
 * that keep the drawing under the fingers. Pure, so it is tested without a browser.
 */
import type { Point } from '../engine/geometry.js';

/** Two fingers: the point between them and how far apart they are (client pixels). */
export interface FingerPair {
  mid: Point;
  gap: number;
}

export const fingerPair = (a: Point, b: Point): FingerPair => ({
  mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
  gap: Math.hypot(a.x - b.x, a.y - b.y),
});

/**
 * The touch points down on a surface, by pointer id. The first two fingers make the pinch; once two
 * have been down, the gesture stays a pinch until the LAST finger lifts, so the finger left behind
 * never clicks, selects or pans.
 */
export class TouchPinch {
  private readonly points = new Map<number, Point>();
  private pinched = false;
  // The pair as it was when the pinch (re)started: a new object each time, so callers can tell a restart.
  private start: FingerPair | null = null;

  /** True from the second finger down until the last finger is up. */
  get pinching(): boolean {
    return this.pinched;
  }

  has(id: number): boolean {
    return this.points.has(id);
  }

  /** A touch went down; answers true when the gesture is (now) a pinch. */
  down(id: number, p: Point): boolean {
    this.points.set(id, p);
    if (this.points.size >= 2) {
      this.pinched = true;
      this.start ??= this.pair();
    }
    return this.pinched;
  }

  /** A touch moved; while two fingers pinch, answers the pair now and as it was when the pinch started. */
  move(id: number, p: Point): { start: FingerPair; now: FingerPair } | null {
    if (!this.points.has(id)) return null;
    this.points.set(id, p);
    return this.start && this.points.size >= 2 ? { start: this.start, now: this.pair() } : null;
  }

  /** A touch lifted (or was cancelled); answers true when it was part of a pinch (so it ends nothing else). */
  up(id: number): boolean {
    const wasPinch = this.pinched;
    if (!this.points.delete(id)) return false;
    // A third finger may take the place of a lifted one: the pinch restarts from where the fingers are.
    this.start = this.points.size >= 2 ? this.pair() : null;
    if (this.points.size === 0) this.pinched = false;
    return wasPinch;
  }

  private pair(): FingerPair {
    const [a, b] = [...this.points.values()] as [Point, Point];
    return fingerPair(a, b);
  }
}

/**
 * Where the view's top-left corner must be (canvas units, as ZoomScroller.scrollToCanvas takes it) for
 * the canvas point `anchor` to show at the client point `client` at this zoom. `origin` is where the
 * drawing's top-left corner would be on screen when scrolled to the very start (its client position
 * plus the scroll offsets): it does not change while zooming.
 */
export const viewKeeping = (anchor: Point, client: Point, origin: Point, zoom: number): Point => ({
  x: anchor.x - (client.x - origin.x) / zoom,
  y: anchor.y - (client.y - origin.y) / zoom,
});

/** A view of the canvas: its zoom and the canvas point at its top-left corner. */
export interface CanvasView {
  zoom: number;
  x: number;
  y: number;
}

/**
 * One pinch in the editor: the zoom follows the fingers' spread from where it started, and the canvas
 * point first under their midpoint stays under it as the fingers move (so moving both pans). Each step
 * is computed from the start, not from the previous step, so steps the browser has not drawn yet never
 * add up to drift.
 */
export class PinchZoom {
  private readonly anchor: Point;

  constructor(
    private readonly from: CanvasView,
    private readonly start: FingerPair,
    private readonly origin: Point,
  ) {
    this.anchor = { x: from.x + (start.mid.x - origin.x) / from.zoom, y: from.y + (start.mid.y - origin.y) / from.zoom };
  }

  /** The pair this pinch started from. */
  get startPair(): FingerPair {
    return this.start;
  }

  /** The zoom asked for by the fingers now (before the editor clamps it). */
  zoomFor(now: FingerPair): number {
    return this.start.gap > 0 && now.gap > 0 ? (this.from.zoom * now.gap) / this.start.gap : this.from.zoom;
  }

  /** The view at the zoom actually taken, keeping the anchor under the midpoint. */
  viewFor(now: FingerPair, zoom: number): CanvasView {
    return { zoom, ...viewKeeping(this.anchor, now.mid, this.origin, zoom) };
  }
}
