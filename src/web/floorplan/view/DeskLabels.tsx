/**
 * What the desk map writes on the desks (issue 20): each desk's name (or who sits there) inside its
 * box when it can be read at this zoom, a star on the person's favourites, and a veil over desks a
 * filter leaves out. Only the desks in (and around) the view get text: when names fit, a screen holds a
 * few hundred desks at most, so a 5,000-desk floor never has 5,000 labels to lay out.
 */
import { memo } from 'react';
import { DESK_SIZE } from '../../../domain/layout/constants.js';
import type { Desk } from '../../../domain/layout/drawing.js';
import { deskMarkPath } from './deskMarks.js';
import { desksInView, labelFits, labelFontUnits, type CanvasView } from './mapView.js';

export interface DeskLabelsProps {
  desks: readonly Desk[];
  /** Per desk, the words inside its box ('12', 'AE' for an occupant's initials, 'Taken'). */
  labels: ReadonlyMap<string, string>;
  zoom: number;
  /** The part of the canvas to label (the view and a margin around it). */
  view: CanvasView | null;
  favourites?: ReadonlySet<string>;
  /** Desks a filter leaves out: veiled, not labelled. Null: no filter. */
  hidden?: ReadonlySet<string> | null;
}

export const DeskLabels = memo(function DeskLabels({ desks, labels, zoom, view, favourites, hidden }: DeskLabelsProps) {
  const veil = hidden && hidden.size > 0 ? desks.filter((d) => hidden.has(d.id)).map((d) => deskMarkPath(d, 'body')).join('') : '';
  // Below the zoom where even one letter can be read (the fitted view of a large floor), no desk is looked at.
  const inView = view && labelFits('x', zoom) ? desksInView(desks, view) : [];
  const half = DESK_SIZE / 2;
  const starSize = 14 / zoom; // the same size on screen at any zoom
  return (
    <g aria-hidden="true" pointerEvents="none" data-layer="desk labels">
      {veil && <path data-desk-veil="" d={veil} fill="#ffffff" fillOpacity={0.78} stroke="none" />}
      {inView.map((d) => {
        const text = labels.get(d.id);
        if (!text || hidden?.has(d.id) || !labelFits(text, zoom)) return null;
        const size = labelFontUnits(text);
        return (
          <text key={d.id} data-desk-label={d.id} x={d.x + half} y={d.y + half} fontSize={size} textAnchor="middle" dominantBaseline="central"
            fontFamily="system-ui, sans-serif" fontWeight={600} fill="#1a1b1e" stroke="#ffffff" strokeWidth={size * 0.28} paintOrder="stroke"
            strokeLinejoin="round">{text}</text>
        );
      })}
      {favourites && desks.filter((d) => favourites.has(d.id)).map((d) => (
        <text key={`fav-${d.id}`} data-desk-favourite={d.id} x={d.x + DESK_SIZE} y={d.y} fontSize={starSize} textAnchor="middle" dominantBaseline="central"
          fill="#e67700" stroke="#ffffff" strokeWidth={starSize * 0.2} paintOrder="stroke">★</text>
      ))}
    </g>
  );
});

/**
 * A desk's full name in a bubble above it, the same size on screen at any zoom: the focused desk's
 * (keyboard) and, drawn by hand in DeskHover, the hovered one's.
 */
export function DeskBubble({ desk, text, zoom }: { desk: Pick<Desk, 'x' | 'y'>; text: string; zoom: number }) {
  return (
    <g aria-hidden="true" pointerEvents="none" data-desk-bubble="" transform={bubbleTransform(desk, zoom)}>
      <rect x={-bubbleWidth(text) / 2} y={-BUBBLE_HEIGHT} width={bubbleWidth(text)} height={BUBBLE_HEIGHT - 4} rx={4} fill="#1a1b1e" />
      <text x={0} y={-BUBBLE_HEIGHT / 2 - 2} textAnchor="middle" dominantBaseline="central" fontSize={13} fill="#ffffff" fontFamily="system-ui, sans-serif">{text}</text>
    </g>
  );
}

export const BUBBLE_HEIGHT = 28;
/** Rough width in px of 13 px text plus padding (no measuring: that would force a layout). */
export const bubbleWidth = (text: string): number => Math.round(text.length * 7.2 + 16);
/** Above the desk's top centre, scaled back to screen pixels. */
export const bubbleTransform = (desk: Pick<Desk, 'x' | 'y'>, zoom: number): string =>
  `translate(${desk.x + DESK_SIZE / 2} ${desk.y - 2 / zoom}) scale(${1 / zoom})`;
