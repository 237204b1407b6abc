import { useEffect, type RefObject } from 'react';

/**
 * react-big-calendar 1.x gives layout elements table roles without the table around them: the
 * all-day strip and the month rows are role="row" without cells, and the week headers are
 * role="columnheader" inside buttons, the month grid's table roles are incomplete (axe:
 * aria-required-parent/children). Those roles are removed whenever the calendar renders; the
 * buttons, events and their labels stay as they are.
 *
 * The scrolling time grid of the week and day views is also made reachable with Tab, so a keyboard
 * user can scroll it (axe: scrollable-region-focusable). It has focusable events inside most of the
 * time, but not on a day whose bookings all sit in the all-day strip (one crossing midnight, say).
 */
const BROKEN = [
  '.rbc-allday-cell[role]', '.rbc-row-content[role]', '.rbc-header [role="columnheader"]', '.rbc-time-header-content [role="row"]',
  '.rbc-time-header [role="rowgroup"]',
  // The month grid claims table, rowgroup, row and cell roles without a consistent table structure.
  '.rbc-month-view[role]', '.rbc-month-view [role]:not(button)',
].join(', ');
const SCROLLING = '.rbc-time-content:not([tabindex])';

export function useCalendarAria(container: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const fix = () => {
      root.querySelectorAll(BROKEN).forEach((el) => { el.removeAttribute('role'); el.removeAttribute('aria-sort'); });
      root.querySelectorAll(SCROLLING).forEach((el) => {
        el.setAttribute('tabindex', '0');
        el.setAttribute('role', 'group');
        el.setAttribute('aria-label', 'Times of the day (scroll with the arrow keys)');
      });
    };
    fix();
    // Only added or removed nodes are watched, so the attributes set here never wake the observer.
    const observer = new MutationObserver(fix);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  });
}
