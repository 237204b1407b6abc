import { ActionIcon, Group, Text } from '@mantine/core';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { BOOKING_PADDING, BOOKING_ZOOM } from '../../../domain/layout/constants.js';
import type { Drawing } from '../../../domain/layout/drawing.js';
import { clampZoom, desksBounds, fitBounds, ZOOM_STEP } from '../engine/geometry.js';
import { DESK_LOOKS, DESK_STATES, type DeskState } from './deskStates.js';
import { FloorplanSvg, type DeskStates } from './FloorplanSvg.js';
import { ZoomScroller, type ZoomScrollerHandle } from './ZoomScroller.js';
import { DeskShape } from './DeskGlyph.js';

export interface FloorplanViewerProps {
  drawing: Drawing;
  /** Per desk: bookable, taken, mine or nonBookable. Desks not in the map show by their bookable flag. */
  deskStates?: DeskStates;
  deskDetails?: ReadonlyMap<string, string>;
  selectedDeskId?: string | null;
  /** A click, Enter or Space on a desk. */
  onDeskActivate?: (deskId: string) => void;
  /** Defaults: SPEC 9's booking view, zoom 0.1..1 and padding 10. */
  zoomRange?: { min: number; max: number };
  padding?: number;
  height?: number | string;
  label?: string;
  showLegend?: boolean;
}

/**
 * The read-only floorplan the desk booking screen shows: fitted to the desks on first show, zoom
 * buttons and Ctrl+wheel, drag to pan; desks drawn as paths with one desk button at a time in the page
 * (click, Enter, Space; the arrows move it between desks), and the free-desk list beside it for screen readers.
 */
export function FloorplanViewer({
  drawing, deskStates, deskDetails, selectedDeskId = null, onDeskActivate, zoomRange = BOOKING_ZOOM, padding = BOOKING_PADDING,
  height = '70vh', label = 'Floorplan', showLegend = true,
}: FloorplanViewerProps) {
  const scroller = useRef<ZoomScrollerHandle>(null);
  // Null until the viewer knows its size: the drawing is first rendered already fitted to the desks,
  // so thousands of desks are laid out once, at their final zoom, before the first paint.
  const [zoomState, setZoom] = useState<number | null>(null);
  const zoom = zoomState ?? zoomRange.max / 2;
  const fitted = useRef<Drawing | null>(null);
  const lastSize = useRef<{ width: number; height: number } | null>(null);
  const step = useCallback((direction: 1 | -1) => setZoom((z) => clampZoom((z ?? zoomRange.max / 2) + direction * ZOOM_STEP, zoomRange)), [zoomRange]);

  const fit = useCallback((size: { width: number; height: number }) => {
    const bounds = desksBounds(drawing.desks);
    if (!bounds || size.width === 0) return false;
    const target = fitBounds(bounds, size, { zoom: zoomRange, padding });
    scroller.current?.scrollToCanvas(target.scrollX, target.scrollY, target.zoom);
    setZoom(target.zoom);
    return true;
  }, [drawing.desks, zoomRange, padding]);

  // Fit once per drawing, when the viewer first knows its size (not while it is hidden).
  const fitOnce = useCallback((size: { width: number; height: number }) => {
    if (fitted.current === drawing || size.width === 0) return;
    fitted.current = drawing;
    if (!fit(size)) setZoom((z) => z ?? zoomRange.max / 2);
  }, [drawing, fit, zoomRange]);
  const onResize = useCallback((size: { width: number; height: number }) => {
    lastSize.current = size;
    fitOnce(size);
  }, [fitOnce]);
  // Before the first paint: the scroller's size is read while it is still empty (a cheap layout),
  // or, for a later drawing, taken from the last resize observation (no layout at all).
  useLayoutEffect(() => {
    if (fitted.current === drawing) return;
    const e = scroller.current?.element;
    const size = lastSize.current ?? (e ? { width: e.clientWidth, height: e.clientHeight } : null);
    if (size && size.width > 0) fitOnce(size);
    // Not displayed yet (no size): show the drawing now, fit when the size is observed.
    else setZoom((z) => z ?? zoomRange.max / 2);
  }, [drawing, fitOnce, zoomRange]);

  return (
    <div>
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Group gap="xs">
          <ActionIcon variant="default" aria-label="Zoom out" onClick={() => step(-1)} disabled={zoom <= zoomRange.min}>−</ActionIcon>
          <Text size="sm" aria-live="polite" miw={48} ta="center">{Math.round(zoom * 100)}%</Text>
          <ActionIcon variant="default" aria-label="Zoom in" onClick={() => step(1)} disabled={zoom >= zoomRange.max}>+</ActionIcon>
          <ActionIcon variant="default" aria-label="Fit desks to screen" onClick={() => {
            const e = scroller.current?.element;
            if (e) fit({ width: e.clientWidth, height: e.clientHeight });
          }}>⤢</ActionIcon>
        </Group>
        {showLegend && <DeskLegend />}
      </Group>
      <ZoomScroller ref={scroller} zoom={zoom} onWheelZoom={step} panOnBackground onResize={onResize} style={{ height }} label={`${label} (scrollable)`}>
        {zoomState !== null && <FloorplanSvg drawing={drawing} zoom={zoom} deskStates={deskStates} deskDetails={deskDetails} selectedDeskId={selectedDeskId}
          onDeskActivate={onDeskActivate} activateOnClick label={label} desksAs="paths" />}
      </ZoomScroller>
    </div>
  );
}

/** The four desk looks with their words, so colour is never the only key. */
export function DeskLegend({ states = DESK_STATES }: { states?: readonly DeskState[] }) {
  return (
    <Group gap="md" aria-label="Desk key" role="list">
      {states.map((s) => (
        <Group key={s} gap={6} role="listitem">
          <svg width={22} height={22} viewBox="-2 -2 24 24" aria-hidden="true" focusable="false">
            <DeskShape state={s} />
          </svg>
          <Text size="sm">{DESK_LOOKS[s].words}</Text>
        </Group>
      ))}
    </Group>
  );
}
