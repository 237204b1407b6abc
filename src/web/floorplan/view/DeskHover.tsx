/**
 * The desk under the pointer, for desks drawn as paths: one invisible box, moved onto the desk the
 * pointer is over, carries a <title> with the desk's accessible name (and the pointer cursor), and a
 * visible bubble above the desk says the same at once (issue 20: names always on hover). Done by hand on
 * pointer moves: a React render per move would be wasted work.
 */
import { useCallback, useEffect, useRef, type PointerEvent } from 'react';
import { DESK_SIZE } from '../../../domain/layout/constants.js';
import type { Desk } from '../../../domain/layout/drawing.js';
import { DESK_CLASS, deskTransform } from './DeskGlyph.js';
import { BUBBLE_HEIGHT, bubbleTransform, bubbleWidth } from './DeskLabels.js';
import { canvasPoint, deskAt } from './deskPointer.js';

/** `nameOf` names the tooltip (the accessible name); `captionOf`, when given, draws the visible bubble too. */
export function useDeskHover(desks: readonly Desk[], nameOf: (desk: Desk) => string, zoom = 1, captionOf?: (desk: Desk) => string) {
  const bubbles = captionOf !== undefined;
  const box = useRef<SVGRectElement>(null);
  const bubble = useRef<SVGGElement>(null);
  const shown = useRef<Desk | null>(null);
  const zoomNow = useRef(zoom);
  zoomNow.current = zoom;

  const place = useCallback((desk: Desk | null) => {
    const g = bubble.current;
    if (!g) return;
    if (!desk) {
      g.setAttribute('display', 'none');
      return;
    }
    const text = captionOf!(desk);
    const width = bubbleWidth(text);
    g.setAttribute('transform', bubbleTransform(desk, zoomNow.current));
    const [rect, label] = [g.firstElementChild!, g.lastElementChild!];
    rect.setAttribute('x', String(-width / 2));
    rect.setAttribute('width', String(width));
    label.textContent = text;
    g.removeAttribute('display');
  }, [captionOf]);

  const show = useCallback((desk: Desk | null) => {
    const el = box.current;
    if (!el || desk === shown.current) return;
    shown.current = desk;
    place(desk);
    if (!desk) {
      el.setAttribute('display', 'none');
      return;
    }
    el.setAttribute('transform', deskTransform(desk));
    el.firstElementChild!.textContent = nameOf(desk);
    el.removeAttribute('display');
  }, [nameOf, place]);

  // New states or desks: the next move names the desk afresh. A new zoom: the bubble keeps its size on screen.
  useEffect(() => { shown.current = null; }, [desks, nameOf]);
  useEffect(() => { place(shown.current); }, [zoom, place]);

  const onPointerMove = useCallback((e: PointerEvent<SVGSVGElement>) => {
    // Only over a desk's box (or this box itself) is there a desk to find.
    const overDesk = (e.target as Element).closest?.(`.${DESK_CLASS}`);
    show(overDesk ? deskAt(desks, canvasPoint(e.currentTarget, e)) : null);
  }, [desks, show]);
  const onPointerLeave = useCallback(() => show(null), [show]);

  // Above everything, so its title is the one shown; a click on it is a click on the desk beneath.
  const element = (
    <>
      <rect ref={box} className={DESK_CLASS} data-desk-hover="" width={DESK_SIZE} height={DESK_SIZE} fill="none" pointerEvents="all" display="none" aria-hidden="true">
        <title />
      </rect>
      {bubbles && (
        <g ref={bubble} data-desk-hover-bubble="" display="none" aria-hidden="true" pointerEvents="none">
          <rect y={-BUBBLE_HEIGHT} height={BUBBLE_HEIGHT - 4} rx={4} fill="#1a1b1e" />
          <text x={0} y={-BUBBLE_HEIGHT / 2 - 2} textAnchor="middle" dominantBaseline="central" fontSize={13} fill="#ffffff" fontFamily="system-ui, sans-serif" />
        </g>
      )}
    </>
  );
  return { element, onPointerMove, onPointerLeave };
}
