/**
 * The drawing's non-desk layers, each memoised on its own list: moving a desk re-renders none of
 * them. Paint order (bottom to top) matches the engine's hit-testing: floor spaces, rooms, shapes,
 * text, doors, then desks.
 */
import { memo } from 'react';
import type { Door, Rectangle, Shape, TextBox } from '../../../domain/layout/drawing.js';
import { DOOR_SIZE, TEXT_FONT_UNITS, TEXT_PLACEHOLDER } from '../engine/elements.js';
import { pathData } from '../engine/shapePath.js';

const rotateAbout = (x: number, y: number, w: number, h: number, rotation: number): string | undefined =>
  rotation ? `rotate(${rotation} ${x + w / 2} ${y + h / 2})` : undefined;

export const RectanglesLayer = memo(function RectanglesLayer({ rects, kind }: { rects: readonly Rectangle[]; kind: 'floor' | 'room' }) {
  const style = kind === 'floor'
    ? { fill: '#f8f9fa', stroke: '#495057', strokeWidth: 3 }
    : { fill: '#fff9db', stroke: '#5c940d', strokeWidth: 2 };
  return (
    <g data-layer={kind === 'floor' ? 'floor spaces' : 'rooms'}>
      {rects.map((r, i) => (
        <rect key={i} data-kind={kind === 'floor' ? 'floorRect' : 'roomRect'} x={r.x} y={r.y} width={r.width} height={r.height}
          transform={rotateAbout(r.x, r.y, r.width, r.height, r.rotation)} {...style} />
      ))}
    </g>
  );
});

export const ShapesLayer = memo(function ShapesLayer({ shapes }: { shapes: readonly Shape[] }) {
  return (
    <g data-layer="shapes">
      {shapes.map((s) => (
        <path key={s.id} data-kind="shape" d={pathData(s.path, s.x, s.y)} transform={rotateAbout(s.x, s.y, s.width, s.height, s.rotation)}
          fill={s.path.some((p) => p.type === 'Closure') ? '#e9ecef' : 'none'} stroke="#343a40" strokeWidth={2} />
      ))}
    </g>
  );
});

export const TextLayer = memo(function TextLayer({ texts }: { texts: readonly TextBox[] }) {
  return (
    <g data-layer="text">
      {texts.map((t, i) => {
        const size = TEXT_FONT_UNITS[t.fontSize];
        const empty = t.text === '';
        const lines = (empty ? TEXT_PLACEHOLDER : t.text).split('\n');
        return (
          <text key={i} data-kind="text" x={t.x} y={t.y} fontSize={size} fill={empty ? '#868e96' : '#212529'}
            fontStyle={empty ? 'italic' : undefined} fontFamily="system-ui, sans-serif">
            {lines.map((line, n) => (
              <tspan key={n} x={t.x} dy={n === 0 ? size : size * 1.2}>{line || '\u00a0'}</tspan>
            ))}
          </text>
        );
      })}
    </g>
  );
});

/** A door: its opening and swing arc, in a DOOR_SIZE box. */
export const DoorsLayer = memo(function DoorsLayer({ doors }: { doors: readonly Door[] }) {
  const s = DOOR_SIZE;
  return (
    <g data-layer="doors">
      {doors.map((d, i) => (
        <g key={i} data-kind="door" transform={`translate(${d.x} ${d.y})${d.rotation ? ` rotate(${d.rotation} ${s / 2} ${s / 2})` : ''}`}>
          <title>Door</title>
          <rect width={s} height={s} fill="transparent" />
          <path d={`M0 ${s} L0 0 M0 0 A${s} ${s} 0 0 1 ${s} ${s}`} fill="none" stroke="#7048e8" strokeWidth={2} />
          <line x1={0} y1={s} x2={s} y2={s} stroke="#7048e8" strokeWidth={3} />
        </g>
      ))}
    </g>
  );
});
