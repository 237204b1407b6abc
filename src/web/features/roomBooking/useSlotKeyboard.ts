import { addDays, addMinutes, isSameDay, isWeekend, startOfDay } from 'date-fns';
import { useEffect, useRef, useState, type HTMLAttributes, type KeyboardEvent, type RefObject } from 'react';
import { slotFromKey, slotKey, slotLabel, slotState, type SlotState } from './roomBookingView.js';

interface Options {
  container: RefObject<HTMLElement | null>;
  /** The day columns shown (shown dates at midnight); empty in month and agenda views. */
  days: Date[];
  dayStartMinutes: number;
  dayEndMinutes: number;
  stepMinutes: number;
  shownNow: Date;
  bookings: readonly { start: Date; end: Date }[];
  /** Work week: moving sideways skips Saturday and Sunday. */
  skipWeekends: boolean;
  onActivate: (start: Date, end: Date, state: SlotState) => void;
  /** Moving past the first or last column shows the period holding this day. */
  onGoTo: (day: Date) => void;
}

const minutesOf = (d: Date) => d.getHours() * 60 + d.getMinutes();

/**
 * Keyboard access to the time grid (issue 20): every slot is a button named by its day, times and
 * state ('Tuesday, 24 November 2026, 10:00–10:30, free'), and the grid is one Tab stop (roving
 * tabindex). Arrow keys move a slot up or down and a day sideways (into the previous or next period
 * at the edges), Home and End go to the first and last slot of the day, Enter or Space books a free
 * slot (or opens the booking on it). Past slots are shaded and say so.
 *
 * Returns react-big-calendar's slotPropGetter. Its time gutter asks too (without a resource id,
 * undefined, where day columns pass null or a resource): those get nothing.
 */
export function useSlotKeyboard(o: Options): (date: Date, resourceId?: number | string | null) => HTMLAttributes<HTMLDivElement> & { 'data-slot'?: string } {
  const [active, setActive] = useState<string | null>(null);
  const pendingFocus = useRef<string | null>(null);

  useEffect(() => {
    const key = pendingFocus.current;
    if (!key) return;
    const el = o.container.current?.querySelector<HTMLElement>(`[data-slot="${key}"]`);
    if (el) { pendingFocus.current = null; el.focus(); }
  });

  const lastStart = o.dayEndMinutes - o.stepMinutes;
  const inGrid = (d: Date) => o.days.some((day) => isSameDay(day, d)) && minutesOf(d) >= o.dayStartMinutes && minutesOf(d) <= lastStart;
  const stateOf = (start: Date) => slotState(start, addMinutes(start, o.stepMinutes), o.shownNow, o.bookings);

  // The Tab stop: the slot last used if shown, else the first slot not yet past on today (if shown), else the first slot.
  const tabStop = (() => {
    if (active && inGrid(slotFromKey(active))) return active;
    const today = o.days.find((d) => isSameDay(d, o.shownNow));
    if (today) {
      for (let m = o.dayStartMinutes; m <= lastStart; m += o.stepMinutes) {
        const s = addMinutes(today, m);
        if (stateOf(s) !== 'past') return slotKey(s);
      }
    }
    return o.days[0] ? slotKey(addMinutes(o.days[0], o.dayStartMinutes)) : null;
  })();

  const moveTo = (target: Date) => {
    const key = slotKey(target);
    pendingFocus.current = key;
    setActive(key);
    if (!o.days.some((d) => isSameDay(d, target))) o.onGoTo(startOfDay(target));
  };

  const onKeyDown = (start: Date) => (e: KeyboardEvent<HTMLDivElement>) => {
    const m = minutesOf(start);
    const day = startOfDay(start);
    const sideways = (dir: -1 | 1) => {
      let next = addDays(day, dir);
      while (o.skipWeekends && isWeekend(next)) next = addDays(next, dir);
      return addMinutes(next, m);
    };
    let target: Date | null = null;
    switch (e.key) {
      case 'ArrowUp': target = m > o.dayStartMinutes ? addMinutes(start, -o.stepMinutes) : null; break;
      case 'ArrowDown': target = m < lastStart ? addMinutes(start, o.stepMinutes) : null; break;
      case 'ArrowLeft': target = sideways(-1); break;
      case 'ArrowRight': target = sideways(1); break;
      case 'Home': target = addMinutes(day, o.dayStartMinutes); break;
      case 'End': target = addMinutes(day, lastStart); break;
      case 'Enter': case ' ':
        e.preventDefault();
        o.onActivate(start, addMinutes(start, o.stepMinutes), stateOf(start));
        return;
      default: return;
    }
    e.preventDefault();
    e.stopPropagation();
    if (target) moveTo(target);
  };

  return (date, resourceId) => {
    if (resourceId === undefined) return {};
    const state = stateOf(date);
    const key = slotKey(date);
    return {
      className: state === 'past' ? 'hd-past' : undefined,
      role: 'button',
      tabIndex: key === tabStop ? 0 : -1,
      'aria-label': slotLabel(date, addMinutes(date, o.stepMinutes), state),
      'aria-disabled': state === 'past' ? true : undefined,
      'data-slot': key,
      onKeyDown: onKeyDown(date),
      onFocus: () => { if (active !== key) setActive(key); },
    };
  };
}
