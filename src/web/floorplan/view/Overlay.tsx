/** What the editor draws above the drawing: the selection frame with its rotation handle, and the pen preview. */
import type { Drawing } from '../../../domain/layout/drawing.js';
import { elementFrame, frameCenter, isRotatable, type ElementRef } from '../engine/elements.js';
import { HANDLE_HIT_RADIUS, rotationHandlePosition } from '../engine/hitTest.js';
import { pathData } from '../engine/shapePath.js';
import type { ToolPreview } from '../engine/tools/types.js';

export function EditorOverlay({ drawing, selection, preview, zoom }: { drawing: Drawing; selection: ElementRef | null; preview: ToolPreview | null; zoom: number }) {
  const px = 1 / zoom;
  return (
    <g data-layer="overlay" pointerEvents="none">
      {selection && selection.kind !== 'desk' && <SelectionFrame drawing={drawing} selection={selection} px={px} />}
      {selection && selection.kind === 'desk' && <RotationHandle drawing={drawing} selection={selection} px={px} />}
      {preview?.kind === 'pen' && (
        <g data-layer="pen preview">
          <path d={pathData(preview.steps)} fill="none" stroke="#1c7ed6" strokeWidth={2 * px} />
          {preview.cursor && preview.steps.length > 0 && (() => {
            const last = lastPoint(preview.steps);
            return last ? <line x1={last.x} y1={last.y} x2={preview.cursor.x} y2={preview.cursor.y} stroke="#1c7ed6" strokeWidth={px} strokeDasharray={`${4 * px} ${4 * px}`} /> : null;
          })()}
          {(() => {
            const first = preview.steps[0];
            return first && first.type === 'Move'
              ? <circle cx={first.x} cy={first.y} r={5} fill={preview.canClose ? '#1c7ed6' : '#fff'} stroke="#1c7ed6" strokeWidth={px} />
              : null;
          })()}
        </g>
      )}
    </g>
  );
}

const lastPoint = (steps: ToolPreview['steps']): { x: number; y: number } | null => {
  for (let i = steps.length - 1; i >= 0; i--) {
    const s = steps[i]!;
    if (s.type !== 'Closure') return { x: s.x, y: s.y };
  }
  return null;
};

function SelectionFrame({ drawing, selection, px }: { drawing: Drawing; selection: ElementRef; px: number }) {
  const frame = elementFrame(drawing, selection);
  if (!frame) return null;
  const c = frameCenter(frame);
  return (
    <g>
      <rect x={frame.x} y={frame.y} width={frame.width} height={frame.height} fill="none" stroke="#e8590c" strokeWidth={2 * px}
        strokeDasharray={`${6 * px} ${4 * px}`} transform={frame.rotation ? `rotate(${frame.rotation} ${c.x} ${c.y})` : undefined} />
      <RotationHandle drawing={drawing} selection={selection} px={px} />
    </g>
  );
}

function RotationHandle({ drawing, selection, px }: { drawing: Drawing; selection: ElementRef; px: number }) {
  if (!isRotatable(selection)) return null;
  const frame = elementFrame(drawing, selection);
  if (!frame) return null;
  const handle = rotationHandlePosition(frame);
  const c = frameCenter(frame);
  return (
    <g data-handle="rotate">
      <line x1={c.x} y1={c.y} x2={handle.x} y2={handle.y} stroke="#e8590c" strokeWidth={px} />
      <circle cx={handle.x} cy={handle.y} r={Math.max(HANDLE_HIT_RADIUS / 2, 4 * px)} fill="#fff" stroke="#e8590c" strokeWidth={2 * px} />
    </g>
  );
}
