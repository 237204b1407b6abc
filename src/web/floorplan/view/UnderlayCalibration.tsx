/**
 * Two-point calibration of the underlay ("this wall is 12 m"): while it runs, clicks on the layout
 * drawing are taken here (captured before the editor's tools see them, so nothing is drawn or selected)
 * and turned into canvas units with the drawing's on-screen box, which already includes zoom and scroll.
 * The picked points are marked on top of the drawing (a portal into the SVG).
 */
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { metresBetween, type Point } from '../../../domain/layout/underlayGeometry.js';
import { canvasPoint } from './deskPointer.js';

/** The editor's drawing (EditorCanvas labels it so). */
export const layoutSvg = (): SVGSVGElement | null => document.querySelector<SVGSVGElement>('svg[aria-label="Layout drawing"]');

/** The canvas point at the top-left of what the editor shows now (where a new image goes). */
export function visibleTopLeft(): Point {
  const svg = layoutSvg();
  const scroller = svg?.parentElement?.closest<HTMLElement>('[aria-label="Layout canvas (scrollable)"]') ?? svg?.parentElement;
  if (!svg || !scroller) return { x: 0, y: 0 };
  const s = svg.getBoundingClientRect();
  const v = scroller.getBoundingClientRect();
  return canvasPoint(svg, { clientX: Math.max(s.left, v.left) + 20, clientY: Math.max(s.top, v.top) + 20 });
}

/**
 * While `active`, the next clicks on the drawing become points (at most two), reported through
 * `onPoints`. Returns nothing to render: the markers are <CalibrationMarks>.
 */
export function useCalibrationClicks(active: boolean, points: readonly Point[], onPoints: (points: Point[]) => void): void {
  useEffect(() => {
    if (!active) return;
    const take = (e: PointerEvent) => {
      const svg = layoutSvg();
      if (!svg || !(e.target instanceof Node) || !svg.contains(e.target) || e.button !== 0) return;
      // Captured on the window before the canvas: the editor's tools never see this click.
      e.preventDefault();
      e.stopPropagation();
      if (points.length >= 2) return;
      onPoints([...points, canvasPoint(svg, e)]);
    };
    const swallow = (e: Event) => {
      const svg = layoutSvg();
      if (svg && e.target instanceof Node && svg.contains(e.target)) e.stopPropagation();
    };
    window.addEventListener('pointerdown', take, true);
    window.addEventListener('pointerup', swallow, true);
    window.addEventListener('dblclick', swallow, true);
    return () => {
      window.removeEventListener('pointerdown', take, true);
      window.removeEventListener('pointerup', swallow, true);
      window.removeEventListener('dblclick', swallow, true);
    };
  }, [active, points, onPoints]);
}

/** The picked points and the line between them, drawn above the drawing, the same size at any zoom. */
export function CalibrationMarks({ points, zoom }: { points: readonly Point[]; zoom: number }) {
  const [svg, setSvg] = useState<SVGSVGElement | null>(null);
  useEffect(() => setSvg(layoutSvg()), []);
  if (!svg || points.length === 0) return null;
  const px = 1 / zoom;
  const [a, b] = points;
  return createPortal(
    <g data-layer="calibration" pointerEvents="none">
      {a && b && (
        <>
          <line x1={a.x} y1={a.y} x2={b.x} y2={b.y} stroke="#c92a2a" strokeWidth={2 * px} strokeDasharray={`${6 * px} ${4 * px}`} />
          <text x={(a.x + b.x) / 2} y={(a.y + b.y) / 2 - 8 * px} fontSize={14 * px} fill="#c92a2a" textAnchor="middle">
            {`${metresBetween(a, b).toFixed(2)} m now`}
          </text>
        </>
      )}
      {points.map((p, i) => (
        <g key={i}>
          <circle cx={p.x} cy={p.y} r={6 * px} fill="#fff" stroke="#c92a2a" strokeWidth={2 * px} />
          <circle cx={p.x} cy={p.y} r={1.5 * px} fill="#c92a2a" />
        </g>
      ))}
    </g>,
    svg,
  );
}
