import { memo, useCallback, useEffect, useRef, useState, type MouseEvent, type PointerEvent } from 'react';
import { EDITOR_ZOOM } from '../../../domain/layout/constants.js';
import type { Drawing } from '../../../domain/layout/drawing.js';
import type { Editor } from '../engine/editor.js';
import type { ElementRef } from '../engine/elements.js';
import { framesOf } from '../engine/groupOps.js';
import { rotatePoint } from '../engine/geometry.js';
import type { CanvasPointerEvent, MarqueeBox, ToolId } from '../engine/tools/types.js';
import { EditorOverlay } from './Overlay.js';
import { canvasPoint } from './deskPointer.js';
import { FloorplanSvg } from './FloorplanSvg.js';
import { useEditorState } from './useEditorState.js';
import { ZoomScroller, type ZoomScrollerHandle } from './ZoomScroller.js';
import { PinchZoom, TouchPinch, viewKeeping, type FingerPair } from './pinch.js';

export interface EditorCanvasProps {
  editor: Editor;
  height?: number | string;
}

const CURSORS: Record<ToolId, string> = {
  pointer: 'default', select: 'default', pen: 'crosshair', desk: 'copy', text: 'text', floor: 'crosshair', room: 'crosshair', door: 'copy',
};

/**
 * Space typed here belongs to the control. Buttons are NOT excluded: with the pointer over the
 * canvas, Space pans even just after a toolbar click (as in Figma); keyboard users away from the
 * canvas keep Space on their buttons.
 */
const OWN_KEYS = 'input, textarea, select, [contenteditable="true"], [role="dialog"], [role="menu"], [role="listbox"]';

/** One Ctrl+wheel notch (or a pinch step) changes the zoom by at most this factor, so a mouse wheel does not jump. */
const MAX_WHEEL_STEP = 1.25;

/**
 * A finger's press is held back until it moves this far (client px) or lifts: a second finger landing
 * first makes the two a pinch, and the engine never hears of the first (no selection, no marquee).
 */
const TOUCH_HOLD_PX = 8;

/**
 * The editor's drawing surface: converts pointer events to canvas coordinates and feeds them to the
 * engine, renders its snapshot, and performs its scroll intents. Pointer moves are coalesced to one
 * per animation frame, so a fast drag over 2,000 desks costs one render per frame at most.
 *
 * Viewing (issue 21): Space-drag and middle-button drag pan; Ctrl+wheel (and a touchpad pinch, which
 * arrives as Ctrl+wheel) zooms about the pointer, beyond the buttons' range (engine zoomTo); two
 * fingers on a touch screen pinch-zoom about their midpoint and pan with it (pinch.ts). Zoom is not an
 * edit: no undo step, no autosave.
 */
export function EditorCanvas({ editor, height = '100%' }: EditorCanvasProps) {
  const state = useEditorState(editor);
  const svg = useRef<SVGSVGElement>(null);
  const scroller = useRef<ZoomScrollerHandle>(null);
  const pendingMove = useRef<{ x: number; y: number } | null>(null);
  const frame = useRef<number | null>(null);
  // Space held over the canvas: a drag pans instead of editing.
  const [spaceHeld, setSpaceHeld] = useState(false);
  const spaceRef = useRef(false);
  const pointerOver = useRef(false);
  const pan = useRef<{ id: number; x: number; y: number; left: number; top: number } | null>(null);
  // Touch: the fingers down, a first finger's press not yet passed to the engine, the finger whose
  // press was, and the pinch under way with the fingers' latest pair (applied once per frame).
  const touches = useRef(new TouchPinch());
  const heldTouch = useRef<{ id: number; clientX: number; clientY: number; shiftKey: boolean } | null>(null);
  const engineTouch = useRef<number | null>(null);
  const pinch = useRef<{ zoom: PinchZoom; now: FingerPair; frame: number | null } | null>(null);

  const toCanvas = (e: { clientX: number; clientY: number }) => canvasPoint(svg.current!, e);
  const send = useCallback((type: CanvasPointerEvent['type'], p: { x: number; y: number }, shiftKey?: boolean) =>
    editor.dispatch({ type, ...p, ...(shiftKey ? { shiftKey } : {}) }), [editor]);
  const flushMove = useCallback(() => {
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
    const p = pendingMove.current;
    pendingMove.current = null;
    if (p) send('pointerMove', p);
  }, [send]);

  useEffect(() => editor.onIntent((intent) => {
    if (intent.type === 'scrollTo') scroller.current?.scrollToCanvas(intent.x, intent.y, editor.getState().zoom);
  }), [editor]);
  useEffect(() => () => {
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    if (pinch.current?.frame != null) cancelAnimationFrame(pinch.current.frame);
  }, []);

  // Space to pan: taken in the capture phase while the pointer is over the canvas, so it neither
  // scrolls the page nor activates a focused desk.
  useEffect(() => {
    const down = (e: KeyboardEvent) => {
      if (e.key !== ' ' || !pointerOver.current || e.ctrlKey || e.metaKey || e.altKey) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest(OWN_KEYS) || document.querySelector('[role="dialog"]')) return;
      e.preventDefault();
      e.stopPropagation();
      if (!spaceRef.current) {
        spaceRef.current = true;
        setSpaceHeld(true);
      }
    };
    const up = (e: KeyboardEvent) => {
      if (e.key !== ' ' || !spaceRef.current) return;
      // A focused button would otherwise be pressed by this Space's release.
      e.preventDefault();
      e.stopPropagation();
      spaceRef.current = false;
      setSpaceHeld(false);
    };
    const blur = () => {
      spaceRef.current = false;
      setSpaceHeld(false);
    };
    window.addEventListener('keydown', down, true);
    window.addEventListener('keyup', up, true);
    window.addEventListener('blur', blur);
    return () => {
      window.removeEventListener('keydown', down, true);
      window.removeEventListener('keyup', up, true);
      window.removeEventListener('blur', blur);
    };
  }, []);

  // Ctrl+wheel / pinch: zoom about the pointer. Captured before the scroller's own wheel handling.
  useEffect(() => {
    const el = scroller.current?.element;
    if (!el) return;
    const onWheel = (w: WheelEvent) => {
      if (!(w.ctrlKey || w.metaKey) || !svg.current) return;
      w.preventDefault();
      w.stopPropagation();
      const lines = w.deltaMode === 1 ? 16 : w.deltaMode === 2 ? 400 : 1;
      const factor = Math.min(Math.max(Math.exp(-w.deltaY * lines * 0.01), 1 / MAX_WHEEL_STEP), MAX_WHEEL_STEP);
      const before = editor.getState().zoom;
      const p = canvasPoint(svg.current, w);
      editor.zoomTo(before * factor);
      const after = editor.getState().zoom;
      if (after === before) return;
      // Keep the canvas point under the pointer: the view's top-left moves accordingly.
      const view = viewKeeping(p, { x: w.clientX, y: w.clientY }, drawingOrigin(svg.current, el), after);
      scroller.current?.scrollToCanvas(view.x, view.y, after);
    };
    el.addEventListener('wheel', onWheel, { passive: false, capture: true });
    return () => el.removeEventListener('wheel', onWheel, { capture: true });
  }, [editor]);

  /** Applies the pinch's latest pair: zoom (clamped by the engine), then the view keeping the drawing under the fingers. */
  const applyPinch = useCallback(() => {
    const p = pinch.current;
    if (!p) return;
    p.frame = null;
    editor.zoomTo(p.zoom.zoomFor(p.now));
    const z = editor.getState().zoom;
    const view = p.zoom.viewFor(p.now, z);
    scroller.current?.scrollToCanvas(view.x, view.y, z);
  }, [editor]);

  /** Two fingers are down (or a lifted one was replaced): the pinch (re)starts from the view as it is now. */
  const startPinch = (start: FingerPair) => {
    const el = scroller.current?.element;
    const previous = pinch.current;
    if (!el || !svg.current || previous?.zoom.startPair === start) return;
    if (previous?.frame != null) {
      cancelAnimationFrame(previous.frame);
      applyPinch();
    }
    const zoom = editor.getState().zoom;
    // A restarted pinch continues from the view the last one asked for (it may not be drawn yet).
    const from = previous ? previous.zoom.viewFor(previous.now, zoom) : { zoom, x: el.scrollLeft / zoom, y: el.scrollTop / zoom };
    pinch.current = { zoom: new PinchZoom(from, start, drawingOrigin(svg.current, el)), now: start, frame: null };
  };

  const onTouchDown = (e: PointerEvent<SVGSVGElement>) => {
    if (!touches.current.down(e.pointerId, { x: e.clientX, y: e.clientY })) {
      heldTouch.current = { id: e.pointerId, clientX: e.clientX, clientY: e.clientY, shiftKey: e.shiftKey };
      e.currentTarget.setPointerCapture?.(e.pointerId);
      return;
    }
    // A further finger. Once a press has reached the engine, that one-finger gesture goes on (a pinch
    // would have to undo part of it); otherwise the first finger's press is dropped unheard.
    if (engineTouch.current !== null) return;
    heldTouch.current = null;
    const pair = touches.current.move(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pair) startPinch(pair.start);
  };
  const onTouchMove = (e: PointerEvent<SVGSVGElement>) => {
    const pair = touches.current.move(e.pointerId, { x: e.clientX, y: e.clientY });
    if (engineTouch.current !== null) {
      if (e.pointerId === engineTouch.current) onPointerMove(e, true);
      return;
    }
    if (pair) {
      startPinch(pair.start);
      const p = pinch.current;
      if (!p) return;
      p.now = pair.now;
      p.frame ??= requestAnimationFrame(applyPinch);
      return;
    }
    const held = heldTouch.current;
    if (held?.id !== e.pointerId || Math.hypot(e.clientX - held.clientX, e.clientY - held.clientY) < TOUCH_HOLD_PX) return;
    // A one-finger drag: the engine gets its press where it began, then the move.
    heldTouch.current = null;
    engineTouch.current = e.pointerId;
    flushMove();
    send('pointerDown', toCanvas(held), held.shiftKey);
    onPointerMove(e, true);
  };
  const onTouchUp = (e: PointerEvent<SVGSVGElement>) => {
    const wasPinch = touches.current.up(e.pointerId);
    if (!touches.current.pinching && pinch.current) {
      if (pinch.current.frame !== null) applyPinch();
      pinch.current = null;
    }
    if (engineTouch.current === e.pointerId) {
      // The one-finger gesture ends (fingers added after it began were ignored).
      engineTouch.current = null;
      flushMove();
      send('pointerUp', toCanvas(e));
      return;
    }
    if (wasPinch) return;
    const held = heldTouch.current;
    if (held?.id === e.pointerId) {
      // A tap: its press and release reach the engine together (unless the touch was cancelled).
      heldTouch.current = null;
      if (e.type === 'pointercancel') return;
      flushMove();
      send('pointerDown', toCanvas(held), held.shiftKey);
      send('pointerUp', toCanvas(e));
    }
  };

  const onPointerDown = (e: PointerEvent<SVGSVGElement>) => {
    if (e.button !== 0) return;
    if (e.pointerType === 'touch' && !spaceRef.current) return onTouchDown(e);
    if (spaceRef.current) {
      const el = scroller.current?.element;
      if (!el) return;
      pan.current = { id: e.pointerId, x: e.clientX, y: e.clientY, left: el.scrollLeft, top: el.scrollTop };
      e.currentTarget.setPointerCapture?.(e.pointerId);
      return;
    }
    flushMove();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    send('pointerDown', toCanvas(e), e.shiftKey);
  };
  const onPointerMove = (e: PointerEvent<SVGSVGElement>, fromTouch = false) => {
    if (!fromTouch && e.pointerType === 'touch' && touches.current.has(e.pointerId)) return onTouchMove(e);
    const p = pan.current;
    if (p) {
      if (p.id !== e.pointerId) return;
      const el = scroller.current?.element;
      if (el) {
        el.scrollLeft = p.left - (e.clientX - p.x);
        el.scrollTop = p.top - (e.clientY - p.y);
      }
      return;
    }
    pendingMove.current = toCanvas(e);
    frame.current ??= requestAnimationFrame(flushMove);
  };
  const onPointerUp = (e: PointerEvent<SVGSVGElement>) => {
    if (e.pointerType === 'touch' && touches.current.has(e.pointerId)) return onTouchUp(e);
    if (e.button !== 0) return;
    if (pan.current) {
      pan.current = null;
      return;
    }
    flushMove();
    send('pointerUp', toCanvas(e));
  };
  const onDoubleClick = (e: MouseEvent<SVGSVGElement>) => {
    if (!spaceRef.current) send('doubleClick', toCanvas(e));
  };
  const onResize = useCallback((size: { width: number; height: number }) => editor.setViewport(size), [editor]);
  // Keyboard route to a desk's editor: Enter or Space on a focused desk.
  const onDeskActivate = useCallback((id: string) => {
    editor.select({ kind: 'desk', id });
    editor.editSelected();
  }, [editor]);

  const selectedDeskId = state.selection?.kind === 'desk' ? state.selection.id : null;
  // A dragged selection of desks: the drawing it started from, with those desks under one moving transform.
  const groupDrag = state.groupDrag;
  const shown = groupDrag?.base ?? state.drawing;
  const cursor = spaceHeld ? (pan.current ? 'grabbing' : 'grab') : CURSORS[state.tool];
  return (
    <div style={{ position: 'relative', height }}>
    <ZoomScroller ref={scroller} zoom={state.zoom} onResize={onResize} style={{ height: '100%' }} label="Layout canvas (scrollable)">
      <FloorplanSvg
        svgRef={svg}
        drawing={shown}
        movingDesks={groupDrag}
        zoom={state.zoom}
        showGrid={state.showGrid}
        selectedDeskId={selectedDeskId}
        onDeskActivate={onDeskActivate}
        label="Layout drawing"
        overlay={
          <>
            <EditorOverlay drawing={state.drawing} selection={state.selection} preview={state.preview} zoom={state.zoom} />
            {state.selected.length > 1 && (
              <g transform={groupDrag ? `translate(${groupDrag.dx} ${groupDrag.dy})` : undefined}>
                <MultiSelection drawing={shown} selected={state.selected} zoom={state.zoom} />
              </g>
            )}
            {state.marquee && <Marquee box={state.marquee} zoom={state.zoom} />}
          </>
        }
        svgProps={{
          onPointerDown,
          onPointerMove: (e: PointerEvent<SVGSVGElement>) => onPointerMove(e),
          onPointerUp,
          onPointerCancel: onPointerUp,
          onPointerEnter: () => { pointerOver.current = true; },
          onPointerLeave: () => { pointerOver.current = false; },
          onDoubleClick,
          style: { display: 'block', background: '#fff', touchAction: 'none', userSelect: 'none', cursor },
          'data-tool': state.tool,
          'data-tool-state': state.toolState,
          'data-selected-count': state.selected.length,
        } as React.SVGProps<SVGSVGElement>}
      />
    </ZoomScroller>
    {state.zoomOutsideButtons && (
      // The wheel or a pinch went past the buttons' range: say so, or the greyed zoom buttons look broken.
      <div role="status" style={{ position: 'absolute', left: 8, bottom: 8, padding: '2px 8px', borderRadius: 4, background: '#212529', color: '#fff', fontSize: 12 }}>
        Zoom {Math.round(state.zoom * 100)}% (by wheel or pinch; the buttons use {Math.round(EDITOR_ZOOM.min * 100)}–{Math.round(EDITOR_ZOOM.max * 100)}%)
      </div>
    )}
    </div>
  );
}

/**
 * Outlines of every selected element when more than one is selected: ONE path for all of them, so a
 * 200-desk selection adds one SVG node, not 200.
 */
const MultiSelection = memo(function MultiSelection({ drawing, selected, zoom }: { drawing: Drawing; selected: readonly ElementRef[]; zoom: number }) {
  const px = 1 / zoom;
  // A few screen pixels outside each element, so the outline shows around small desks at low zoom.
  const pad = 3 * px;
  let d = '';
  for (const { frame: f } of framesOf(drawing, selected).values()) {
    const c = { x: f.x + f.width / 2, y: f.y + f.height / 2 };
    const x0 = f.x - pad, y0 = f.y - pad, x1 = f.x + f.width + pad, y1 = f.y + f.height + pad;
    const corners = [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }].map((p) => rotatePoint(p, c, f.rotation));
    d += `M${corners.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join('L')}Z`;
  }
  return (
    <path data-layer="multi-selection" d={d} fill="rgba(232, 89, 12, 0.08)" stroke="#e8590c" strokeWidth={2 * px}
      strokeDasharray={`${5 * px} ${3 * px}`} pointerEvents="none" />
  );
});

/** Where the drawing's top-left corner would be on screen with the view scrolled to the start (see viewKeeping). */
function drawingOrigin(svg: SVGSVGElement, scroller: HTMLElement): { x: number; y: number } {
  const box = svg.getBoundingClientRect();
  return { x: box.left + scroller.scrollLeft, y: box.top + scroller.scrollTop };
}

function Marquee({ box, zoom }: { box: MarqueeBox; zoom: number }) {
  return (
    <rect data-layer="marquee" x={box.x} y={box.y} width={box.width} height={box.height} fill="rgba(28, 126, 214, 0.08)"
      stroke="#1c7ed6" strokeWidth={1 / zoom} strokeDasharray={`${4 / zoom} ${3 / zoom}`} pointerEvents="none" />
  );
}
