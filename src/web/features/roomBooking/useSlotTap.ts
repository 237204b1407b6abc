import { useRef, type MouseEvent, type PointerEvent } from 'react';

/**
 * A tap on a time slot on a touch screen. react-big-calendar selects by touch only after a long
 * press (a quick tap does nothing), and its bookings layer lies over the slots, so a tap is
 * matched here to the slot under the finger (its data-slot key). Mouse clicks are left to the
 * calendar; taps on a booking or a header are left alone.
 */
export function useSlotTap(onTap: (slotKey: string) => void) {
  const lastPointer = useRef<string>('mouse');
  return {
    onPointerDown: (e: PointerEvent) => { lastPointer.current = e.pointerType; },
    onClick: (e: MouseEvent) => {
      if (lastPointer.current !== 'touch') return;
      if ((e.target as Element).closest('.rbc-event, .rbc-time-header, .rbc-month-view, .rbc-agenda-view')) return;
      const slot = document.elementsFromPoint(e.clientX, e.clientY).find((el) => el instanceof HTMLElement && el.dataset['slot']);
      const key = slot instanceof HTMLElement ? slot.dataset['slot'] : undefined;
      if (key) onTap(key);
    },
  };
}
