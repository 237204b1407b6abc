import { memo, useCallback, useId, useLayoutEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactNode, type Ref, type SVGProps } from 'react';
import { CANVAS_SIZE, GRID } from '../../../domain/layout/constants.js';
import type { Desk, Drawing } from '../../../domain/layout/drawing.js';
import { DESK_CLASS, DESK_CSS, deskAccessibleName, deskClass, SelectedFrame } from './DeskGlyph.js';
import { useDeskHover } from './DeskHover.js';
import { DeskNodes } from './deskNodes.js';
import { deskMarkPath } from './deskMarks.js';
import { isDirection, nextDesk } from './deskNavigation.js';
import { canvasPoint, deskAt } from './deskPointer.js';
import { DeskBubble } from './DeskLabels.js';
import { DeskRuns, RUN_LENGTH, BOOKING_RUN_LENGTH, type DeskStates } from './DeskRuns.js';
import { deskStateOf } from './deskStates.js';
import { DoorsLayer, RectanglesLayer, ShapesLayer, TextLayer } from './layers.js';
import { UnderlayImage } from './UnderlayImage.js';

export type { DeskStates };

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
  /**
   * 'elements' (the editor): every desk is a focusable element. 'paths' (the booking view): the desks
   * are drawn as a few paths per state (DeskRuns) and ONE desk element is in the page, the Tab stop,
   * which the arrow keys, a click or a choice move from desk to desk; a click finds its desk by position.
   * On a 5,000-desk floor that is ~100 elements instead of 5,000 to create, style and lay out.
   */
  desksAs?: 'elements' | 'paths';
  /**
   * The desk map (issue 20): a bubble with the desk's caption above the hovered desk and the focused
   * one, the same size on screen at any zoom. Captions default to the accessible names.
   */
  bubbles?: boolean;
  deskCaption?: (desk: Desk) => string;
  /** The editor's dragged selection of desks: drawn moved by (dx, dy) under one transform (see GroupDrag). */
  movingDesks?: MovingDesks | null;
}

export interface MovingDesks {
  readonly deskIds: ReadonlySet<string>;
  readonly dx: number;
  readonly dy: number;
}

/**
 * The drawing in SVG, in canvas units (viewBox = the whole 20000 canvas), scaled by `zoom` through
 * the element's pixel size. Read-only by itself: the editor adds pointer handling around it, the
 * booking screen uses it through FloorplanViewer.
 */
export function FloorplanSvg(props: FloorplanSvgProps) {
  const { drawing, zoom, showGrid = false, deskStates, deskDetails, selectedDeskId = null, onDeskActivate, activateOnClick, label, svgRef, overlay, svgProps, desksAs = 'elements', bubbles = false, deskCaption, movingDesks = null } = props;
  const gridId = useId();
  const [focusId, setFocusId] = useState<string | null>(null);
  // A desk chosen (by a click, the keyboard or the free-desk list) becomes the Tab stop, and stays it
  // when the choice is cleared: after a refused booking the keyboard goes on from that desk.
  const [seenSelection, setSeenSelection] = useState(selectedDeskId);
  if (seenSelection !== selectedDeskId) {
    setSeenSelection(selectedDeskId);
    if (selectedDeskId !== null) setFocusId(selectedDeskId);
  }
  // The one desk in the Tab order: the last focused one if it still exists, else the selection, else the first.
  const tabStopId = (focusId !== null && drawing.desks.some((d) => d.id === focusId) ? focusId : null)
    ?? selectedDeskId ?? drawing.desks[0]?.id ?? null;

  // Focus for a desk whose element is not in the page yet (desks as paths: it comes with the next render).
  const focusOnMount = useRef<FocusOptions | null>(null);
  const focusDesk = useCallback((svg: SVGSVGElement, id: string, options: FocusOptions) => {
    setFocusId(id);
    const el = svg.querySelector<SVGElement>(`[data-desk-id="${CSS.escape(id)}"]`);
    if (el) el.focus(options);
    else focusOnMount.current = options;
  }, []);
  const focusWhenMounted = useCallback((el: SVGPathElement | null) => {
    // Called with null as the last desk's element leaves, before the next one's comes: keep waiting then.
    if (!el || !focusOnMount.current) return;
    el.focus(focusOnMount.current);
    focusOnMount.current = null;
  }, []);

  const onKeyDown = useCallback((e: KeyboardEvent<SVGSVGElement>) => {
    const id = (e.target as Element).getAttribute?.('data-desk-id');
    if (!id) return;
    if (isDirection(e.key)) {
      const next = nextDesk(drawing.desks, id, e.key);
      e.preventDefault();
      e.stopPropagation();
      if (next) focusDesk(e.currentTarget, next, {});
    } else if ((e.key === 'Enter' || e.key === ' ') && onDeskActivate) {
      e.preventDefault();
      e.stopPropagation();
      onDeskActivate(id);
    }
  }, [drawing.desks, onDeskActivate, focusDesk]);

  const onClick = useCallback((e: MouseEvent<SVGSVGElement>) => {
    if (!activateOnClick || !onDeskActivate) return;
    const target = e.target as Element;
    let id = target.closest?.('[data-desk-id]')?.getAttribute('data-desk-id');
    if (!id && desksAs === 'paths' && target.closest?.(`.${DESK_CLASS}`)) {
      id = deskAt(drawing.desks, canvasPoint(e.currentTarget, e))?.id;
      // The desk's element takes the focus, as a clicked element would (no scrolling, no focus ring).
      if (id) focusDesk(e.currentTarget, id, { preventScroll: true });
    }
    if (id) onDeskActivate(id);
  }, [activateOnClick, onDeskActivate, desksAs, drawing.desks, focusDesk]);

  // The desk holding the keyboard focus (for its bubble); null when the focus is elsewhere.
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const onFocus = useCallback((e: FocusEvent<SVGSVGElement>) => {
    const id = (e.target as Element).getAttribute?.('data-desk-id');
    if (id) setFocusId(id);
    setFocusedId(id ?? null);
  }, []);
  const onBlur = useCallback(() => setFocusedId(null), []);

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

  const stateOf = useCallback((d: Desk) => deskStateOf(deskStates, d), [deskStates]);
  const nameOf = useCallback((d: Desk) => deskAccessibleName(d, stateOf(d), deskDetails?.get(d.id)), [stateOf, deskDetails]);
  const captionOf = deskCaption ?? nameOf;
  const hover = useDeskHover(drawing.desks, nameOf, zoom, bubbles ? captionOf : undefined);
  const focusedDesk = bubbles && focusedId !== null ? drawing.desks.find((d) => d.id === focusedId) : undefined;
  const tabStop = desksAs === 'paths' && tabStopId !== null ? drawing.desks.find((d) => d.id === tabStopId) : undefined;
  const pointerHandlers = desksAs === 'paths'
    ? { onPointerMove: hover.onPointerMove, onPointerLeave: hover.onPointerLeave }
    : { onPointerOver, onPointerOut };

  const movingIds = movingDesks?.deskIds ?? null;
  const movingOffset = movingDesks ? `translate(${movingDesks.dx} ${movingDesks.dy})` : undefined;

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
      onBlur={onBlur}
      {...pointerHandlers}
      {...svgProps}
    >
      <style>{DESK_CSS}</style>
      <UnderlayImage underlay={drawing.underlay} view={desksAs === 'paths' ? 'booking' : 'editor'} />
      {showGrid && <Grid id={gridId} zoom={zoom} />}
      <RectanglesLayer rects={drawing.floorplanRectangles} kind="floor" />
      <RectanglesLayer rects={drawing.roomRectangles} kind="room" />
      <ShapesLayer shapes={drawing.floorplanShapes} />
      <TextLayer texts={drawing.text} />
      <DoorsLayer doors={drawing.doors} />
      {desksAs === 'paths' ? (
        <>
          <DeskRuns desks={drawing.desks} states={deskStates} part="bodies" runLength={BOOKING_RUN_LENGTH} />
          {tabStop && (
            // The Tab stop drawn over its desk's box, with the same look; keyed by desk, so moving on is a
            // new element taking the focus, which screen readers announce as they would any focus move.
            <path key={tabStop.id} ref={focusWhenMounted} role="button" tabIndex={0} className={deskClass(stateOf(tabStop))}
              data-desk-id={tabStop.id} data-desk-state={stateOf(tabStop)} aria-label={nameOf(tabStop)}
              aria-pressed={tabStop.id === selectedDeskId} d={deskMarkPath(tabStop, 'body')} />
          )}
        </>
      ) : (
        <DesksLayer desks={drawing.desks} states={deskStates} details={deskDetails} selectedId={selectedDeskId} tabStopId={tabStopId}
          moving={movingIds} offset={movingOffset} />
      )}
      <DeskRuns desks={drawing.desks} states={deskStates} part="marks" runLength={desksAs === 'paths' ? BOOKING_RUN_LENGTH : RUN_LENGTH} hidden={movingIds} />
      {movingIds && <MovingMarks desks={drawing.desks} ids={movingIds} states={deskStates} offset={movingOffset} />}
      <SelectedDeskFrame desks={drawing.desks} selectedId={selectedDeskId} />
      {overlay}
      {desksAs === 'paths' && hover.element}
      {focusedDesk && <DeskBubble desk={focusedDesk} text={captionOf(focusedDesk)} zoom={zoom} />}
    </svg>
  );
}

interface DesksLayerProps {
  desks: readonly Desk[];
  states: DeskStates | undefined;
  details: ReadonlyMap<string, string> | undefined;
  selectedId: string | null;
  tabStopId: string | null;
  moving: ReadonlySet<string> | null;
  /** The moving group's transform; changing it re-renders this layer only, the desks stay as they are. */
  offset: string | undefined;
}

/**
 * The desks, one focusable element each, kept by DeskNodes outside React's reconciliation (see
 * deskNodes.ts): all created in one go, then updated desk by desk when something changes.
 */
const DesksLayer = memo(function DesksLayer({ desks, states, details, selectedId, tabStopId, moving, offset }: DesksLayerProps) {
  const g = useRef<SVGGElement>(null);
  const movingG = useRef<SVGGElement>(null);
  const nodes = useRef<DeskNodes | null>(null);
  useLayoutEffect(() => {
    nodes.current ??= new DeskNodes(g.current!, movingG.current!);
    nodes.current.render({
      desks,
      stateOf: (d) => deskStateOf(states, d),
      detailOf: (d) => details?.get(d.id),
      selectedId,
      tabStopId,
      moving,
    });
  }, [desks, states, details, selectedId, tabStopId, moving]);
  return (
    <>
      <g data-layer="desks" ref={g} />
      <g data-layer="moving desks" ref={movingG} transform={offset} />
    </>
  );
});

/** The chairs and marks of the dragged desks, under the same one transform as their boxes. */
const MovingMarks = memo(function MovingMarks({ desks, ids, states, offset }: {
  desks: readonly Desk[]; ids: ReadonlySet<string>; states: DeskStates | undefined; offset: string | undefined;
}) {
  const moving = useMemo(() => desks.filter((d) => ids.has(d.id)), [desks, ids]);
  return (
    <g data-layer="moving desk marks" transform={offset}>
      <DeskRuns desks={moving} states={states} part="marks" runLength={moving.length || 1} />
    </g>
  );
});

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
