/**
 * The name of the desk under the pointer, as a tooltip, for desks drawn as paths: one invisible box,
 * moved onto the desk the pointer is over, carries a <title> with the desk's accessible name (and the
 * pointer cursor). Done by hand on pointer moves: a React render per move would be wasted work.
 */
import { useCallback, useEffect, useRef, type PointerEvent } from 'react';
import { DESK_SIZE } from '../../../domain/layout/constants.js';
import type { Desk } from '../../../domain/layout/drawing.js';
import { DESK_CLASS, deskTransform } from './DeskGlyph.js';
import { canvasPoint, deskAt } from './deskPointer.js';

export function useDeskHover(desks: readonly Desk[], nameOf: (desk: Desk) => string) {
  const box = useRef<SVGRectElement>(null);
  const shown = useRef<Desk | null>(null);

  const show = useCallback((desk: Desk | null) => {
    const el = box.current;
    if (!el || desk === shown.current) return;
    shown.current = desk;
    if (!desk) {
      el.setAttribute('display', 'none');
      return;
    }
    el.setAttribute('transform', deskTransform(desk));
    el.firstElementChild!.textContent = nameOf(desk);
    el.removeAttribute('display');
  }, [nameOf]);

  // New states or desks: the next move names the desk afresh.
  useEffect(() => { shown.current = null; }, [desks, nameOf]);

  const onPointerMove = useCallback((e: PointerEvent<SVGSVGElement>) => {
    // Only over a desk's box (or this box itself) is there a desk to find.
    const overDesk = (e.target as Element).closest?.(`.${DESK_CLASS}`);
    show(overDesk ? deskAt(desks, canvasPoint(e.currentTarget, e)) : null);
  }, [desks, show]);
  const onPointerLeave = useCallback(() => show(null), [show]);

  // Above everything, so its title is the one shown; a click on it is a click on the desk beneath.
  const element = (
    <rect ref={box} className={DESK_CLASS} data-desk-hover="" width={DESK_SIZE} height={DESK_SIZE} fill="none" pointerEvents="all" display="none" aria-hidden="true">
      <title />
    </rect>
  );
  return { element, onPointerMove, onPointerLeave };
}
