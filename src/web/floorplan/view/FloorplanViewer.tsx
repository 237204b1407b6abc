import { ActionIcon, Group, Text } from '@mantine/core';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { BOOKING_PADDING, DESK_SIZE } from '../../../domain/layout/constants.js';
import type { Desk, Drawing } from '../../../domain/layout/drawing.js';
import { fitBounds } from '../engine/geometry.js';
import { DESK_LOOKS, DESK_STATES, type DeskState } from './deskStates.js';
import { DeskLabels } from './DeskLabels.js';
import { FloorplanSvg, type DeskStates } from './FloorplanSvg.js';
import { clampMapZoom, drawingBounds, FOCUS_ZOOM, MAP_ZOOM, MAP_ZOOM_FACTOR, viewInside, withMargin, type CanvasView } from './mapView.js';
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
  /** Per desk, the words drawn inside it when they fit (its short name, an occupant's initials, 'Taken'). */
  labels?: ReadonlyMap<string, string>;
  /** The short words of the bubble over a hovered or focused desk. */
  deskCaption?: (desk: Desk) => string;
  favourites?: ReadonlySet<string>;
  /** Desks a filter leaves out (veiled). */
  hidden?: ReadonlySet<string> | null;
  /** A desk to bring into view, zoomed in (?desk=, a choice from the list); each new value is brought once. */
  focusDeskId?: string | null;
  padding?: number;
  height?: number | string;
  label?: string;
  showLegend?: boolean;
}

type Size = { width: number; height: number };

/**
 * The desk map (SPEC 2.4, issue 20): fitted to the whole drawing on first show; zoom by the buttons,
 * the wheel or a pinch, about the pointer; drag anywhere to pan. Desks are drawn as paths with one
 * desk button at a time in the page (click, Enter, Space; the arrows move it between desks); names are
 * drawn on the desks in view once they can be read, and a bubble names the hovered or focused desk.
 */
export function FloorplanViewer({
  drawing, deskStates, deskDetails, selectedDeskId = null, onDeskActivate, labels, deskCaption, favourites, hidden, focusDeskId = null,
  padding = BOOKING_PADDING, height = '70vh', label = 'Floorplan', showLegend = true,
}: FloorplanViewerProps) {
  const scroller = useRef<ZoomScrollerHandle>(null);
  // Null until the viewer knows its size: the drawing is first rendered already fitted,
  // so thousands of desks are laid out once, at their final zoom, before the first paint.
  const [zoomState, setZoom] = useState<number | null>(null);
  const zoom = zoomState ?? MAP_ZOOM.max / 2;
  const zoomNow = useRef(zoom);
  zoomNow.current = zoom;
  const fitted = useRef<Drawing | null>(null);
  const lastSize = useRef<Size | null>(null);
  // The canvas part whose desks are labelled: the view with a margin, renewed when the view leaves it.
  const [labelled, setLabelled] = useState<CanvasView | null>(null);

  /** Zoom to `next`, keeping the canvas point under (clientX, clientY) (default: the view's centre) still. */
  const zoomTo = useCallback((next: number, clientX?: number, clientY?: number) => {
    const e = scroller.current?.element;
    const z = zoomNow.current;
    const target = clampMapZoom(next);
    if (!e || target === z) return;
    const box = e.getBoundingClientRect();
    const ax = clientX === undefined ? e.clientWidth / 2 : clientX - box.left;
    const ay = clientY === undefined ? e.clientHeight / 2 : clientY - box.top;
    const px = (e.scrollLeft + ax) / z;
    const py = (e.scrollTop + ay) / z;
    scroller.current?.scrollToCanvas(px - ax / target, py - ay / target, target);
    zoomNow.current = target;
    setZoom(target);
  }, []);
  // Wheel and pinch steps come faster than frames: multiplied together and applied once a frame.
  const pendingZoom = useRef<{ factor: number; x: number; y: number } | null>(null);
  const zoomAt = useCallback((factor: number, clientX: number, clientY: number) => {
    const p = pendingZoom.current;
    if (p) {
      p.factor *= factor;
      return;
    }
    pendingZoom.current = { factor, x: clientX, y: clientY };
    requestAnimationFrame(() => {
      const q = pendingZoom.current!;
      pendingZoom.current = null;
      zoomTo(zoomNow.current * q.factor, q.x, q.y);
    });
  }, [zoomTo]);

  const fit = useCallback((size: Size) => {
    const bounds = drawingBounds(drawing);
    if (!bounds || size.width === 0) return false;
    const target = fitBounds(bounds, size, { zoom: MAP_ZOOM, padding });
    scroller.current?.scrollToCanvas(target.scrollX, target.scrollY, target.zoom);
    setZoom(target.zoom);
    return true;
  }, [drawing, padding]);

  // Fit once per drawing, when the viewer first knows its size (not while it is hidden).
  const fitOnce = useCallback((size: Size) => {
    if (fitted.current === drawing || size.width === 0) return;
    fitted.current = drawing;
    if (!fit(size)) setZoom((z) => z ?? 1);
  }, [drawing, fit]);
  const onResize = useCallback((size: Size) => {
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
    else setZoom((z) => z ?? 1);
  }, [drawing, fitOnce]);

  // Bring a desk named from outside (?desk=, the free-desk list) into view, close enough to read, once per value.
  const focused = useRef<string | null>(null);
  useEffect(() => {
    if (!focusDeskId || focused.current === focusDeskId || zoomState === null) return;
    const desk = drawing.desks.find((d) => d.id === focusDeskId);
    const e = scroller.current?.element;
    if (!desk || !e || e.clientWidth === 0) return;
    focused.current = focusDeskId;
    const z = Math.max(zoomNow.current, FOCUS_ZOOM);
    const view = { x: e.scrollLeft / zoomNow.current, y: e.scrollTop / zoomNow.current, width: e.clientWidth / zoomNow.current, height: e.clientHeight / zoomNow.current };
    const inView = z === zoomNow.current && desk.x >= view.x && desk.y >= view.y && desk.x + DESK_SIZE <= view.x + view.width && desk.y + DESK_SIZE <= view.y + view.height;
    if (inView) return;
    const cx = desk.x + DESK_SIZE / 2 - e.clientWidth / 2 / z;
    const cy = desk.y + DESK_SIZE / 2 - e.clientHeight / 2 / z;
    scroller.current?.scrollToCanvas(Math.max(0, cx), Math.max(0, cy), z);
    zoomNow.current = z;
    setZoom(z);
  }, [focusDeskId, drawing.desks, zoomState]);

  // The labelled part follows the view: read on scroll (after layout, so free) and after each zoom.
  useEffect(() => {
    const e = scroller.current?.element;
    if (!e || zoomState === null) return;
    let frame = 0;
    const read = () => {
      frame = 0;
      const z = zoomNow.current;
      if (e.clientWidth === 0) return;
      const view = { x: e.scrollLeft / z, y: e.scrollTop / z, width: e.clientWidth / z, height: e.clientHeight / z };
      setLabelled((drawn) => (drawn && drawn.width === view.width * 2 && viewInside(view, drawn) ? drawn : withMargin(view)));
    };
    const onScroll = () => { frame ||= requestAnimationFrame(read); };
    frame = requestAnimationFrame(read);
    e.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      e.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [zoomState]);

  const overlay = labels ? <DeskLabels desks={drawing.desks} labels={labels} zoom={zoom} view={labelled} favourites={favourites} hidden={hidden} /> : null;

  return (
    <div>
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Group gap="xs" role="group" aria-label="Zoom">
          <ActionIcon variant="default" size="lg" aria-label="Zoom out" onClick={() => zoomTo(zoom / MAP_ZOOM_FACTOR)} disabled={zoom <= MAP_ZOOM.min}>−</ActionIcon>
          <Text size="sm" aria-live="polite" miw={48} ta="center">{Math.round(zoom * 100)}%</Text>
          <ActionIcon variant="default" size="lg" aria-label="Zoom in" onClick={() => zoomTo(zoom * MAP_ZOOM_FACTOR)} disabled={zoom >= MAP_ZOOM.max}>+</ActionIcon>
          <ActionIcon variant="default" size="lg" aria-label="Fit the whole floor" onClick={() => {
            const e = scroller.current?.element;
            if (e) fit({ width: e.clientWidth, height: e.clientHeight });
          }}>⤢</ActionIcon>
        </Group>
        {showLegend && <DeskLegend />}
      </Group>
      <ZoomScroller ref={scroller} zoom={zoom} onZoomAt={zoomAt} onResize={onResize} style={{ height, borderRadius: 8 }} label={`${label} (drag to move, wheel or pinch to zoom)`}>
        {zoomState !== null && <FloorplanSvg drawing={drawing} zoom={zoom} deskStates={deskStates} deskDetails={deskDetails} selectedDeskId={selectedDeskId}
          onDeskActivate={onDeskActivate} activateOnClick label={label} desksAs="paths" overlay={overlay} bubbles deskCaption={deskCaption} />}
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
