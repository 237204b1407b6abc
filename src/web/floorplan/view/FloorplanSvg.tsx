import { memo, useCallback, useId, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactNode, type Ref, type SVGProps } from 'react';
import { CANVAS_SIZE, GRID } from '../../../domain/layout/constants.js';
import type { Desk, Drawing } from '../../../domain/layout/drawing.js';
import { DESK_CSS, SelectedFrame } from './DeskGlyph.js';
import { DeskNodes } from './deskNodes.js';
import { deskMarkPath, DESK_MARK_STROKES } from './deskMarks.js';
import { isDirection, nextDesk } from './deskNavigation.js';
import { DESK_LOOKS, DESK_STATES, editorDeskState, type DeskState } from './deskStates.js';
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

  // A tooltip with the desk's name while the pointer is on it: one <title>, added on hover, instead of
  // one per desk (thousands of extra elements for something only the hovered desk needs).
  const onPointerOver = useCallback((e: PointerEvent<SVGSVGElement>) => {
    const desk = e.target as Element;
    if (!desk.hasAttribute?.('data-desk-id') || desk.firstChild) return;
    const title = document.createElementNS('http://www.w3.org/2000/svg', 'title');
    title.textContent = desk.getAttribute('aria-label');
    desk.appendChild(title);
  }, []);
  const onPointerOut = useCallback((e: PointerEvent<SVGSVGElement>) => {
    const desk = e.target as Element;
    if (desk.hasAttribute?.('data-desk-id')) desk.querySelector('title')?.remove();
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
      onPointerOver={onPointerOver}
      onPointerOut={onPointerOut}
      {...svgProps}
    >
      <style>{DESK_CSS}</style>
      {showGrid && <Grid id={gridId} zoom={zoom} />}
      <RectanglesLayer rects={drawing.floorplanRectangles} kind="floor" />
      <RectanglesLayer rects={drawing.roomRectangles} kind="room" />
      <ShapesLayer shapes={drawing.floorplanShapes} />
      <TextLayer texts={drawing.text} />
      <DoorsLayer doors={drawing.doors} />
      <DesksLayer desks={drawing.desks} states={deskStates} details={deskDetails} selectedId={selectedDeskId} tabStopId={tabStopId} />
      <DeskMarks desks={drawing.desks} states={deskStates} />
      <SelectedDeskFrame desks={drawing.desks} selectedId={selectedDeskId} />
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

/**
 * The desks, one focusable element each, kept by DeskNodes outside React's reconciliation (see
 * deskNodes.ts): all created in one go, then updated desk by desk when something changes.
 */
const DesksLayer = memo(function DesksLayer({ desks, states, details, selectedId, tabStopId }: DesksLayerProps) {
  const g = useRef<SVGGElement>(null);
  const nodes = useRef<DeskNodes | null>(null);
  useLayoutEffect(() => {
    nodes.current ??= new DeskNodes(g.current!);
    nodes.current.render({
      desks,
      stateOf: (d) => states?.get(d.id) ?? editorDeskState(d),
      detailOf: (d) => details?.get(d.id),
      selectedId,
      tabStopId,
    });
  }, [desks, states, details, selectedId, tabStopId]);
  return <g data-layer="desks" ref={g} />;
});

/**
 * Every desk's chair side and state mark, drawn as one path per state and kind for a run of
 * MARK_CHUNK desks (above the desks, not hit targets: a click or hover reaches the desk underneath).
 * A run is redrawn only when one of its desks or the states change, so dragging a desk in the editor
 * rebuilds one short run, not the marks of the whole floor.
 */
const MARK_CHUNK = 100;

const DeskMarks = memo(function DeskMarks({ desks, states }: { desks: readonly Desk[]; states: DeskStates | undefined }) {
  const runs: ReactNode[] = [];
  for (let from = 0; from < desks.length; from += MARK_CHUNK) {
    runs.push(<DeskMarksRun key={from} desks={desks} from={from} to={Math.min(from + MARK_CHUNK, desks.length)} states={states} />);
  }
  return <g data-layer="desk marks" pointerEvents="none" aria-hidden="true">{runs}</g>;
});

interface DeskMarksRunProps { desks: readonly Desk[]; from: number; to: number; states: DeskStates | undefined }

const sameRun = (a: DeskMarksRunProps, b: DeskMarksRunProps): boolean => {
  if (a.states !== b.states || a.from !== b.from || a.to !== b.to) return false;
  for (let i = a.from; i < a.to; i++) if (a.desks[i] !== b.desks[i]) return false;
  return true;
};

const DeskMarksRun = memo(function DeskMarksRun({ desks, from, to, states }: DeskMarksRunProps) {
  const chairs = new Map<DeskState, string>();
  const marks = new Map<DeskState, string>();
  for (let i = from; i < to; i++) {
    const desk = desks[i]!;
    const state = states?.get(desk.id) ?? editorDeskState(desk);
    chairs.set(state, (chairs.get(state) ?? '') + deskMarkPath(desk, 'chair'));
    const mark = DESK_LOOKS[state].mark;
    if (mark !== 'none') marks.set(state, (marks.get(state) ?? '') + deskMarkPath(desk, mark));
  }
  return (
    <g>
      {DESK_STATES.map((state) => {
        const look = DESK_LOOKS[state];
        const chair = chairs.get(state);
        const mark = marks.get(state);
        const stroke = look.mark === 'none' ? null : DESK_MARK_STROKES[look.mark];
        return [
          chair && <path key={`${state}-chair`} data-marks={state} d={chair} fill={look.stroke} />,
          mark && stroke && (
            <path key={`${state}-mark`} data-marks={state} d={mark} fill="none" stroke={look.stroke} strokeWidth={stroke.width}
              strokeLinecap={stroke.round ? 'round' : undefined} strokeLinejoin={stroke.round ? 'round' : undefined} />
          ),
        ];
      })}
    </g>
  );
}, sameRun);

function SelectedDeskFrame({ desks, selectedId }: { desks: readonly Desk[]; selectedId: string | null }) {
  const desk = selectedId === null ? undefined : desks.find((d) => d.id === selectedId);
  return desk ? <SelectedFrame desk={desk} /> : null;
}

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
