import { useEffect, type RefObject } from 'react';

/**
 * react-big-calendar 1.x marks its all-day strip as role="rowgroup" > role="row" outside any grid and
 * without cells, which screen readers cannot make sense of (axe: aria-required-parent/children).
 * The strip is layout, not a table: its broken roles are removed whenever the calendar renders.
 */
const BROKEN = '.rbc-allday-cell[role], .rbc-allday-cell .rbc-row-content[role]';

export function useCalendarAria(container: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const fix = () => root.querySelectorAll(BROKEN).forEach((el) => el.removeAttribute('role'));
    fix();
    const observer = new MutationObserver(fix);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  });
}
