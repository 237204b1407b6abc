import { DESK_CLASS } from './DeskGlyph.js';
import { TouchPinch, type FingerPair } from './pinch.js';
import { forwardRef, useCallback, useImperativeHandle, useLayoutEffect, useRef, type CSSProperties, type PointerEvent, type ReactNode } from 'react';

export interface ZoomScrollerHandle {
  element: HTMLDivElement | null;
  /** Scrolls so this canvas point is at the top-left corner (after the given zoom is rendered). */
  scrollToCanvas(x: number, y: number, zoom: number): void;
  /** The canvas point at the centre of the view. */
  centre(): { x: number; y: number };
  /** Performs a scroll asked for by scrollToCanvas now rather than in the next frame (when layout is known to be fresh). */
  settle(): void;
}

export interface ZoomScrollerProps {
  zoom: number;
  /** Ctrl/Cmd + wheel (and pinch on touchpads): +1 zoom in, -1 zoom out. */
  onWheelZoom?: (direction: 1 | -1) => void;
  /** Dragging with the primary button on anything but a desk pans (the booking view). */
  panOnBackground?: boolean;
  /**
   * The desk map (issue 20): dragging anywhere pans (a drag that moved is not a click), the wheel zooms
   * without Ctrl, and two fingers pinch. Called with the factor to multiply the zoom by and the point
   * (client coordinates) to keep still. Replaces onWheelZoom when given.
   */
  onZoomAt?: (factor: number, clientX: number, clientY: number) => void;
  onResize?: (size: { width: number; height: number }) => void;
  style?: CSSProperties;
  children: ReactNode;
  label?: string;
}

const PAN_THRESHOLD = 3;

/**
 * The scrolling window onto the canvas. Scrollbars and the wheel scroll; the middle button (or the
 * primary button on the background when `panOnBackground`) drags to pan; a zoom change keeps the
 * canvas point at the centre of the view where it was.
 */
export const ZoomScroller = forwardRef<ZoomScrollerHandle, ZoomScrollerProps>(function ZoomScroller(
  { zoom, onWheelZoom, panOnBackground = false, onZoomAt, onResize, style, children, label }, ref,
) {
  const el = useRef<HTMLDivElement>(null);
  // The canvas point at the centre of the view and the zoom it was read at; null until the first
  // layout has happened (read then, never forced right after the content is rendered).
  const centre = useRef<{ zoom: number; x: number; y: number } | null>(null);
  // A scroll asked for at a zoom not rendered yet: done right after that zoom's content is committed.
  const pending = useRef<{ x: number; y: number; zoom: number } | null>(null);
  const zoomNow = useRef(zoom);
  zoomNow.current = zoom;
  const pan = useRef<{ id: number; x: number; y: number; left: number; top: number; moved: boolean } | null>(null);
  const suppressClick = useRef(false);

  const readCentre = useCallback((z: number) => {
    const e = el.current;
    if (!e) return { x: 0, y: 0 };
    return { x: (e.scrollLeft + e.clientWidth / 2) / z, y: (e.scrollTop + e.clientHeight / 2) / z };
  }, []);

  /** Performs the pending scroll: the one layout it needs is the one the next frame needs anyway. */
  const applyPending = useCallback(() => {
    const e = el.current;
    const p = pending.current;
    if (!e || !p) return;
    pending.current = null;
    e.scrollLeft = p.x * p.zoom;
    e.scrollTop = p.y * p.zoom;
    centre.current = { zoom: p.zoom, ...readCentre(p.zoom) };
  }, [readCentre]);

  useImperativeHandle(ref, () => ({
    get element() {
      return el.current;
    },
    scrollToCanvas(x, y, z) {
      pending.current = { x, y, zoom: z };
      // Done by the layout effect when this zoom is rendered; else (the zoom is already shown) in
      // the next frame, still before it is painted.
      requestAnimationFrame(applyPending);
    },
    centre: () => centre.current ?? readCentre(zoomNow.current),
    settle: applyPending,
  }), [applyPending, readCentre]);

  // After a zoom change is committed: a pending scroll for this zoom, else keep the centre point
  // where it was. Nothing is read when there is nothing to do (the first render of a large drawing
  // must not force a layout here).
  useLayoutEffect(() => {
    const e = el.current;
    if (!e) return;
    if (pending.current?.zoom === zoom) return applyPending();
    const c = centre.current;
    if (c && c.zoom !== zoom) {
      e.scrollLeft = c.x * zoom - e.clientWidth / 2;
      e.scrollTop = c.y * zoom - e.clientHeight / 2;
      centre.current = { zoom, ...readCentre(zoom) };
    }
  }, [zoom, readCentre, applyPending]);

  // Latest callbacks, so the listeners below are added once (not again at each zoom step).
  const callbacks = useRef({ onWheelZoom, onResize, onZoomAt });
  callbacks.current = { onWheelZoom, onResize, onZoomAt };
  // Touch points down on the map, for the pinch (shared with the editor: pinch.ts).
  const touches = useRef(new TouchPinch());
  // The spread last zoomed at, per pinch (a restarted pinch starts from its own spread).
  const pinchGap = useRef<{ start: FingerPair; gap: number } | null>(null);

  // A layout effect, so the size is observed in the first frame (the desk map fits itself there,
  // before that frame is painted); a passive effect could come after the first paint.
  useLayoutEffect(() => {
    const e = el.current;
    if (!e) return;
    // Scroll events come after layout: reading the position here costs nothing extra.
    const onScroll = () => {
      const z = centre.current?.zoom ?? zoomNow.current;
      centre.current = { zoom: z, ...readCentre(z) };
    };
    // Wheel zoom needs a non-passive listener to stop the browser's own page zoom.
    const onWheel = (w: WheelEvent) => {
      const zoomAt = callbacks.current.onZoomAt;
      if (zoomAt) {
        // A sideways scroll (touchpad) still scrolls; anything else zooms about the pointer. Touchpad
        // pinches arrive as Ctrl + wheel with small steps, hence the steeper rate.
        if (!w.ctrlKey && Math.abs(w.deltaX) > Math.abs(w.deltaY)) return;
        w.preventDefault();
        const lines = w.deltaMode === 1 ? 16 : w.deltaMode === 2 ? 400 : 1;
        zoomAt(Math.exp(-w.deltaY * lines * (w.ctrlKey ? 0.01 : 0.0015)), w.clientX, w.clientY);
        return;
      }
      const zoomBy = callbacks.current.onWheelZoom;
      if (!zoomBy || !(w.ctrlKey || w.metaKey)) return;
      w.preventDefault();
      zoomBy(w.deltaY < 0 ? 1 : -1);
    };
    // Resize observations are delivered after layout too: the first one also records the centre.
    const resize = new ResizeObserver(() => {
      if (!centre.current && !pending.current) centre.current = { zoom: zoomNow.current, ...readCentre(zoomNow.current) };
      callbacks.current.onResize?.({ width: e.clientWidth, height: e.clientHeight });
    });
    e.addEventListener('scroll', onScroll, { passive: true });
    e.addEventListener('wheel', onWheel, { passive: false });
    resize.observe(e);
    return () => {
      e.removeEventListener('scroll', onScroll);
      e.removeEventListener('wheel', onWheel);
      resize.disconnect();
    };
  }, [readCentre]);

  const onPointerDown = (p: PointerEvent<HTMLDivElement>) => {
    if (onZoomAt && p.pointerType === 'touch') {
      if (touches.current.down(p.pointerId, { x: p.clientX, y: p.clientY })) {
        // A second finger: a pinch, not a pan.
        if (pan.current) suppressClick.current = true;
        pan.current = null;
        return;
      }
    }
    const onDesk = (p.target as Element).closest?.(`.${DESK_CLASS}`);
    if (!(p.button === 1 || (p.button === 0 && (onZoomAt || (panOnBackground && !onDesk))))) return;
    const e = el.current!;
    pan.current = { id: p.pointerId, x: p.clientX, y: p.clientY, left: e.scrollLeft, top: e.scrollTop, moved: false };
    // The map captures only once the drag moves (see onPointerMove): capturing now would send the
    // click to the scroller instead of the desk under the pointer.
    if (!onZoomAt) e.setPointerCapture?.(p.pointerId);
    if (p.button === 1) p.preventDefault();
  };
  const onPointerMove = (p: PointerEvent<HTMLDivElement>) => {
    const pinch = touches.current.move(p.pointerId, { x: p.clientX, y: p.clientY });
    if (pinch) {
      const last = pinchGap.current;
      const before = last?.start === pinch.start ? last.gap : pinch.start.gap;
      const { gap, mid } = pinch.now;
      if (before > 0 && gap > 0 && Math.abs(gap - before) > 2) {
        pinchGap.current = { start: pinch.start, gap };
        callbacks.current.onZoomAt?.(gap / before, mid.x, mid.y);
      }
      return;
    }
    const s = pan.current;
    if (!s || s.id !== p.pointerId) return;
    const dx = p.clientX - s.x;
    const dy = p.clientY - s.y;
    if (!s.moved && Math.hypot(dx, dy) < PAN_THRESHOLD) return;
    if (!s.moved && onZoomAt) el.current!.setPointerCapture?.(p.pointerId);
    s.moved = true;
    el.current!.scrollLeft = s.left - dx;
    el.current!.scrollTop = s.top - dy;
  };
  const endPan = (p: PointerEvent<HTMLDivElement>) => {
    touches.current.up(p.pointerId);
    if (!touches.current.pinching) pinchGap.current = null;
    const s = pan.current;
    if (!s || s.id !== p.pointerId) return;
    suppressClick.current = s.moved;
    pan.current = null;
  };

  return (
    <div
      ref={el}
      role="region"
      aria-label={label}
      // Focusable so the keyboard can scroll it even when the drawing has nothing focusable.
      tabIndex={0}
      style={{ overflow: 'scroll', position: 'relative', background: '#dee2e6', cursor: pan.current ? 'grabbing' : undefined, ...style }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endPan}
      onPointerCancel={endPan}
      onClickCapture={(e) => {
        // A pan that moved is not a click on whatever is under the pointer when it ends.
        if (suppressClick.current) {
          suppressClick.current = false;
          e.stopPropagation();
        }
      }}
    >
      {children}
    </div>
  );
});
