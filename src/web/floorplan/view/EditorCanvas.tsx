import { useCallback, useEffect, useRef, type MouseEvent, type PointerEvent } from 'react';
import type { Editor } from '../engine/editor.js';
import type { CanvasPointerEvent, ToolId } from '../engine/tools/types.js';
import { EditorOverlay } from './Overlay.js';
import { canvasPoint } from './deskPointer.js';
import { FloorplanSvg } from './FloorplanSvg.js';
import { useEditorState } from './useEditorState.js';
import { ZoomScroller, type ZoomScrollerHandle } from './ZoomScroller.js';

export interface EditorCanvasProps {
  editor: Editor;
  height?: number | string;
}

const CURSORS: Record<ToolId, string> = {
  pointer: 'default', select: 'default', pen: 'crosshair', desk: 'copy', text: 'text', floor: 'crosshair', room: 'crosshair', door: 'copy',
};

/**
 * The editor's drawing surface: converts pointer events to canvas coordinates and feeds them to the
 * engine, renders its snapshot, and performs its scroll intents. Pointer moves are coalesced to one
 * per animation frame, so a fast drag over 2,000 desks costs one render per frame at most.
 */
export function EditorCanvas({ editor, height = '100%' }: EditorCanvasProps) {
  const state = useEditorState(editor);
  const svg = useRef<SVGSVGElement>(null);
  const scroller = useRef<ZoomScrollerHandle>(null);
  const pendingMove = useRef<{ x: number; y: number } | null>(null);
  const frame = useRef<number | null>(null);

  const toCanvas = (e: { clientX: number; clientY: number }) => canvasPoint(svg.current!, e);
  const send = useCallback((type: CanvasPointerEvent['type'], p: { x: number; y: number }) => editor.dispatch({ type, ...p }), [editor]);
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
  }, []);

  const onPointerDown = (e: PointerEvent<SVGSVGElement>) => {
    if (e.button !== 0) return;
    flushMove();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    send('pointerDown', toCanvas(e));
  };
  const onPointerMove = (e: PointerEvent<SVGSVGElement>) => {
    pendingMove.current = toCanvas(e);
    frame.current ??= requestAnimationFrame(flushMove);
  };
  const onPointerUp = (e: PointerEvent<SVGSVGElement>) => {
    if (e.button !== 0) return;
    flushMove();
    send('pointerUp', toCanvas(e));
  };
  const onDoubleClick = (e: MouseEvent<SVGSVGElement>) => send('doubleClick', toCanvas(e));
  const onWheelZoom = useCallback((d: 1 | -1) => (d > 0 ? editor.zoomIn() : editor.zoomOut()), [editor]);
  const onResize = useCallback((size: { width: number; height: number }) => editor.setViewport(size), [editor]);
  // Keyboard route to a desk's editor: Enter or Space on a focused desk.
  const onDeskActivate = useCallback((id: string) => {
    editor.select({ kind: 'desk', id });
    editor.editSelected();
  }, [editor]);

  const selectedDeskId = state.selection?.kind === 'desk' ? state.selection.id : null;
  return (
    <ZoomScroller ref={scroller} zoom={state.zoom} onWheelZoom={onWheelZoom} onResize={onResize} style={{ height }} label="Layout canvas (scrollable)">
      <FloorplanSvg
        svgRef={svg}
        drawing={state.drawing}
        zoom={state.zoom}
        showGrid={state.showGrid}
        selectedDeskId={selectedDeskId}
        onDeskActivate={onDeskActivate}
        label="Layout drawing"
        overlay={<EditorOverlay drawing={state.drawing} selection={state.selection} preview={state.preview} zoom={state.zoom} />}
        svgProps={{
          onPointerDown,
          onPointerMove,
          onPointerUp,
          onPointerCancel: onPointerUp,
          onDoubleClick,
          style: { display: 'block', background: '#fff', touchAction: 'none', userSelect: 'none', cursor: CURSORS[state.tool] },
          'data-tool': state.tool,
          'data-tool-state': state.toolState,
        } as React.SVGProps<SVGSVGElement>}
      />
    </ZoomScroller>
  );
}
