import { memo, type ReactNode } from 'react';

/**
 * Renders its children, except while `hold` is true: then it keeps what it rendered last. The editor
 * holds its top bar, rail and properties panel while a selection of desks is dragged: re-rendering
 * them (Mantine buttons, tooltips, the panel) on every pointer move cost more than the canvas itself on
 * a 2,000-desk floor, and nothing they show changes until the drop (issue 21, "big floors stay smooth").
 */
export const HoldDuringDrag = memo(function HoldDuringDrag({ children }: { hold: boolean; children: ReactNode }) {
  return <>{children}</>;
}, (_before, next) => next.hold);
