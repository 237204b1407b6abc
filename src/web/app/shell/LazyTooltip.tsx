import type { TooltipProps } from '@mantine/core';
import { lazy, Suspense } from 'react';

const Tooltip = lazy(() => import('./tooltipChunk.js').then((m) => ({ default: m.Tooltip })));

/**
 * Mantine's Tooltip, loaded when first drawn: until it is in, the child shows without its tooltip. The
 * tooltip and its positioning library (~17 KB compressed) stay off a screen's first load, so the desk
 * floorplan draws sooner (issue 20) for a hint nobody needs in the first second. Give the child its
 * explanation for screen readers too (aria-describedby), as a tooltip is only a hint.
 */
export function LazyTooltip({ children, ...props }: TooltipProps) {
  return (
    <Suspense fallback={children}>
      <Tooltip {...props}>{children}</Tooltip>
    </Suspense>
  );
}
