/**
 * The plan image under a layout (issue 21): drawn first, under the grid and every element, never
 * taking a click. The editor draws it as the admin set it (unless hidden); the booking view only when
 * the floor chose so, and faint whatever the editor's opacity, so desks stay the clear thing to see.
 */
import { memo } from 'react';
import type { Underlay } from '../../../domain/layout/underlay.js';
import { BOOKING_VIEW_MAX_OPACITY, underlayImagePath } from '../../../domain/layout/underlayConstants.js';
import { withBase } from '../../app/basePath.js';

export const UnderlayImage = memo(function UnderlayImage({ underlay, view }: { underlay: Underlay | undefined; view: 'editor' | 'booking' }) {
  if (!underlay || underlay.hidden || (view === 'booking' && !underlay.showInBookingView)) return null;
  const { x, y, width, height, rotation } = underlay;
  const opacity = view === 'booking' ? Math.min(underlay.opacity, BOOKING_VIEW_MAX_OPACITY) : underlay.opacity;
  return (
    <image data-layer="underlay" href={withBase(underlayImagePath(underlay.imageId))} x={x} y={y} width={width} height={height}
      preserveAspectRatio="none" opacity={opacity} pointerEvents="none" aria-hidden="true"
      transform={rotation ? `rotate(${rotation} ${x + width / 2} ${y + height / 2})` : undefined} />
  );
});
