import { forwardRef, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useRef, type CSSProperties, type PointerEvent, type ReactNode } from 'react';

export interface ZoomScrollerHandle {
  element: HTMLDivElement | null;
  /** Scrolls so this canvas point is at the top-left corner (after the given zoom is rendered). */
  scrollToCanvas(x: number, y: number, zoom: number): void;
  /** The canvas point at the centre of the view. */
  centre(): { x: number; y: number };
}

export interface ZoomScrollerProps {
  zoom: number;
  /** Ctrl/Cmd + wheel (and pinch on touchpads): +1 zoom in, -1 zoom out. */
  onWheelZoom?: (direction: 1 | -1) => void;
  /** Dragging with the primary button on anything but a desk pans (the booking view). */
  panOnBackground?: boolean;
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
  { zoom, onWheelZoom, panOnBackground = false, onResize, style, children, label }, ref,
) {
  const el = useRef<HTMLDivElement>(null);
  const centre = useRef<{ zoom: number; x: number; y: number } | null>(null);
  const pan = useRef<{ id: number; x: number; y: number; left: number; top: number; moved: boolean } | null>(null);
  const suppressClick = useRef(false);

  const readCentre = useCallback((z: number) => {
    const e = el.current;
    if (!e) return { x: 0, y: 0 };
    return { x: (e.scrollLeft + e.clientWidth / 2) / z, y: (e.scrollTop + e.clientHeight / 2) / z };
  }, []);

  useImperativeHandle(ref, () => ({
    get element() {
      return el.current;
    },
    scrollToCanvas(x, y, z) {
      requestAnimationFrame(() => {
        const e = el.current;
        if (!e) return;
        e.scrollLeft = x * z;
        e.scrollTop = y * z;
        centre.current = { zoom: z, ...readCentre(z) };
      });
    },
    centre: () => readCentre(zoom),
  }), [readCentre, zoom]);

  // Keep the centre point when the zoom changes (the content has its new size by now).
  useLayoutEffect(() => {
    const e = el.current;
    const c = centre.current;
    if (e && c && c.zoom !== zoom) {
      e.scrollLeft = c.x * zoom - e.clientWidth / 2;
      e.scrollTop = c.y * zoom - e.clientHeight / 2;
    }
    centre.current = { zoom, ...readCentre(zoom) };
  }, [zoom, readCentre]);

  useEffect(() => {
    const e = el.current;
    if (!e) return;
    const onScroll = () => {
      const z = centre.current?.zoom ?? zoom;
      centre.current = { zoom: z, ...readCentre(z) };
    };
    // Wheel zoom needs a non-passive listener to stop the browser's own page zoom.
    const onWheel = (w: WheelEvent) => {
      if (!onWheelZoom || !(w.ctrlKey || w.metaKey)) return;
      w.preventDefault();
      onWheelZoom(w.deltaY < 0 ? 1 : -1);
    };
    const resize = new ResizeObserver(() => onResize?.({ width: e.clientWidth, height: e.clientHeight }));
    e.addEventListener('scroll', onScroll, { passive: true });
    e.addEventListener('wheel', onWheel, { passive: false });
    resize.observe(e);
    return () => {
      e.removeEventListener('scroll', onScroll);
      e.removeEventListener('wheel', onWheel);
      resize.disconnect();
    };
  }, [onWheelZoom, onResize, readCentre, zoom]);

  const onPointerDown = (p: PointerEvent<HTMLDivElement>) => {
    const onDesk = (p.target as Element).closest?.('[data-desk-id]');
    if (!(p.button === 1 || (panOnBackground && p.button === 0 && !onDesk))) return;
    const e = el.current!;
    pan.current = { id: p.pointerId, x: p.clientX, y: p.clientY, left: e.scrollLeft, top: e.scrollTop, moved: false };
    e.setPointerCapture?.(p.pointerId);
    if (p.button === 1) p.preventDefault();
  };
  const onPointerMove = (p: PointerEvent<HTMLDivElement>) => {
    const s = pan.current;
    if (!s || s.id !== p.pointerId) return;
    const dx = p.clientX - s.x;
    const dy = p.clientY - s.y;
    if (!s.moved && Math.hypot(dx, dy) < PAN_THRESHOLD) return;
    s.moved = true;
    el.current!.scrollLeft = s.left - dx;
    el.current!.scrollTop = s.top - dy;
  };
  const endPan = (p: PointerEvent<HTMLDivElement>) => {
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
      style={{ overflow: 'auto', position: 'relative', background: '#dee2e6', cursor: pan.current ? 'grabbing' : undefined, ...style }}
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
