import { memo, useCallback, useId, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type ReactNode, type Ref, type SVGProps } from 'react';
import { CANVAS_SIZE, GRID } from '../../../domain/layout/constants.js';
import type { Desk, Drawing } from '../../../domain/layout/drawing.js';
import { DeskGlyph } from './DeskGlyph.js';
import { isDirection, nextDesk } from './deskNavigation.js';
import { editorDeskState, type DeskState } from './deskStates.js';
import { DoorsLayer, RectanglesLayer, ShapesLayer, TextLayer } from './layers.js';

export type DeskStates = ReadonlyMap<string, DeskState>;

export interface FloorplanSvgProps {
  drawing: Drawing;
  zoom: number;
  showGrid?: boolean;
  /** Per-desk state (booking screen). Without it, desks show bookable / not bookable. */
  deskStates?: DeskStates;
  /** Extra words per desk for its accessible name (e.g. 'taken 09:00-12:00'). */
  deskDetails?: ReadonlyMap<string, string>;
  selectedDeskId?: string | null;
  /** Enter or Space on a focused desk; and a click when `activateOnClick`. */
  onDeskActivate?: (deskId: string) => void;
  activateOnClick?: boolean;
  /** The accessible name of the whole drawing. */
  label: string;
  svgRef?: Ref<SVGSVGElement>;
  /** Drawn above everything (selection frame, pen preview). */
  overlay?: ReactNode;
  svgProps?: Omit<SVGProps<SVGSVGElement>, 'ref' | 'onKeyDown' | 'onClick'>;
}

/**
 * The drawing in SVG, in canvas units (viewBox = the whole 20000 canvas), scaled by `zoom` through
 * the element's pixel size. Read-only by itself: the editor adds pointer handling around it, the
 * booking screen uses it through FloorplanViewer.
 */
export function FloorplanSvg(props: FloorplanSvgProps) {
  const { drawing, zoom, showGrid = false, deskStates, deskDetails, selectedDeskId = null, onDeskActivate, activateOnClick, label, svgRef, overlay, svgProps } = props;
  const gridId = useId();
  const [focusId, setFocusId] = useState<string | null>(null);
  // The one desk in the Tab order: the last focused one if it still exists, else the selection, else the first.
  const tabStopId = (focusId !== null && drawing.desks.some((d) => d.id === focusId) ? focusId : null)
    ?? selectedDeskId ?? drawing.desks[0]?.id ?? null;

  const onKeyDown = useCallback((e: KeyboardEvent<SVGSVGElement>) => {
    const id = (e.target as Element).getAttribute?.('data-desk-id');
    if (!id) return;
    if (isDirection(e.key)) {
      const next = nextDesk(drawing.desks, id, e.key);
      e.preventDefault();
      e.stopPropagation();
      if (next) {
        setFocusId(next);
        e.currentTarget.querySelector<SVGGElement>(`[data-desk-id="${CSS.escape(next)}"]`)?.focus();
      }
    } else if ((e.key === 'Enter' || e.key === ' ') && onDeskActivate) {
      e.preventDefault();
      e.stopPropagation();
      onDeskActivate(id);
    }
  }, [drawing.desks, onDeskActivate]);

  const onClick = useCallback((e: MouseEvent<SVGSVGElement>) => {
    if (!activateOnClick || !onDeskActivate) return;
    const id = (e.target as Element).closest?.('[data-desk-id]')?.getAttribute('data-desk-id');
    if (id) onDeskActivate(id);
  }, [activateOnClick, onDeskActivate]);

  const onFocus = useCallback((e: FocusEvent<SVGSVGElement>) => {
    const id = (e.target as Element).getAttribute?.('data-desk-id');
    if (id) setFocusId(id);
  }, []);

  const size = CANVAS_SIZE * zoom;
  return (
    <svg
      ref={svgRef}
      role="group"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${CANVAS_SIZE} ${CANVAS_SIZE}`}
      style={{ display: 'block', background: '#ffffff', touchAction: 'none', userSelect: 'none' }}
      onKeyDown={onKeyDown}
      onClick={onClick}
      onFocus={onFocus}
      {...svgProps}
    >
      <style>{'.fp-desk{cursor:pointer;outline:none}.fp-desk:focus-visible .fp-desk-box{stroke:#e8590c;stroke-width:4}'}</style>
      {showGrid && <Grid id={gridId} zoom={zoom} />}
      <RectanglesLayer rects={drawing.floorplanRectangles} kind="floor" />
      <RectanglesLayer rects={drawing.roomRectangles} kind="room" />
      <ShapesLayer shapes={drawing.floorplanShapes} />
      <TextLayer texts={drawing.text} />
      <DoorsLayer doors={drawing.doors} />
      <DesksLayer desks={drawing.desks} states={deskStates} details={deskDetails} selectedId={selectedDeskId} tabStopId={tabStopId} />
      {overlay}
    </svg>
  );
}

interface DesksLayerProps {
  desks: readonly Desk[];
  states: DeskStates | undefined;
  details: ReadonlyMap<string, string> | undefined;
  selectedId: string | null;
  tabStopId: string | null;
}

/** Re-renders when the desk list changes, but each DeskGlyph only when its own props do. */
const DesksLayer = memo(function DesksLayer({ desks, states, details, selectedId, tabStopId }: DesksLayerProps) {
  return (
    <g data-layer="desks">
      {desks.map((d) => (
        <DeskGlyph key={d.id} desk={d} state={states?.get(d.id) ?? editorDeskState(d)} detail={details?.get(d.id)}
          selected={d.id === selectedId} tabStop={d.id === tabStopId} />
      ))}
    </g>
  );
});

/** Minor lines every GRID units (only when they would be at least 4 px apart), major every 10 cells. */
const Grid = memo(function Grid({ id, zoom }: { id: string; zoom: number }) {
  const major = GRID * 10;
  const showMinor = GRID * zoom >= 4;
  const px = 1 / zoom; // one screen pixel in canvas units
  return (
    <>
      <defs>
        <pattern id={`${id}-minor`} width={GRID} height={GRID} patternUnits="userSpaceOnUse">
          <path d={`M ${GRID} 0 L 0 0 0 ${GRID}`} fill="none" stroke="#e9ecef" strokeWidth={px} />
        </pattern>
        <pattern id={`${id}-major`} width={major} height={major} patternUnits="userSpaceOnUse">
          {showMinor && <rect width={major} height={major} fill={`url(#${id}-minor)`} />}
          <path d={`M ${major} 0 L 0 0 0 ${major}`} fill="none" stroke="#ced4da" strokeWidth={px} />
        </pattern>
      </defs>
      <rect data-layer="grid" width={CANVAS_SIZE} height={CANVAS_SIZE} fill={`url(#${id}-major)`} pointerEvents="none" />
    </>
  );
});
