import { useEffect, type RefObject } from 'react';

/**
 * react-big-calendar 1.x gives layout elements table roles without the table around them: the
 * all-day strip and the month rows are role="row" without cells, and the week headers are
 * role="columnheader" inside buttons, the month grid's table roles are incomplete (axe:
 * aria-required-parent/children). Those roles are removed
 * whenever the calendar renders; the buttons, events and their labels stay as they are.
 */
const BROKEN = [
  '.rbc-allday-cell[role]', '.rbc-row-content[role]', '.rbc-header [role="columnheader"]', '.rbc-time-header-content [role="row"]',
  '.rbc-time-header [role="rowgroup"]',
  // The month grid claims table, rowgroup, row and cell roles without a consistent table structure.
  '.rbc-month-view[role]', '.rbc-month-view [role]:not(button)',
].join(', ');

export function useCalendarAria(container: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const fix = () => root.querySelectorAll(BROKEN).forEach((el) => { el.removeAttribute('role'); el.removeAttribute('aria-sort'); });
    fix();
    const observer = new MutationObserver(fix);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  });
}
