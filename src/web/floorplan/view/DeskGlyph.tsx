import { DESK_SIZE } from '../../../domain/layout/constants.js';
import type { Desk } from '../../../domain/layout/drawing.js';
import { deskMarkPath, markStroke } from './deskMarks.js';
import { DESK_LOOKS, DESK_STATES, deskName, type DeskState } from './deskStates.js';

const S = DESK_SIZE;

/** 'Desk 12, available'; an alias that already says desk is not repeated ('Desk Desk 12'). */
export function deskAccessibleName(desk: Pick<Desk, 'alias' | 'id'>, state: DeskState, detail?: string): string {
  const shown = deskName(desk);
  return `${/^desk\b/i.test(shown) ? shown : `Desk ${shown}`}, ${DESK_LOOKS[state].words}${detail ? `, ${detail}` : ''}`;
}

export const deskTransform = (desk: Pick<Desk, 'x' | 'y' | 'rotation'>): string =>
  `translate(${desk.x} ${desk.y})${desk.rotation ? ` rotate(${desk.rotation} ${S / 2} ${S / 2})` : ''}`;

/** The class every desk-shaped hit target carries (a desk element, a run's boxes, the hover box). */
export const DESK_CLASS = 'fp-desk';
/** The classes of a desk's box in a state: its look comes from DESK_CSS. */
export const deskClass = (state: DeskState): string => `${DESK_CLASS} fp-${state}`;

/**
 * The desks' look by state, as style rules on one class per state: a desk element (deskNodes.ts), a
 * run's path of boxes (DeskRuns.tsx) and the booking view's Tab stop carry no colour attributes of their own. Focus shows as a thick orange outline (keyboard focus only).
 */
export const DESK_CSS = [
  // Round joins: the booking view's boxes are square paths, the elements rects with rounded corners.
  `.${DESK_CLASS}{cursor:pointer;outline:none;stroke-linejoin:round}`,
  ...DESK_STATES.map((s) => {
    const l = DESK_LOOKS[s];
    return `.${DESK_CLASS}.fp-${s}{fill:${l.fill};stroke:${l.stroke};stroke-width:${l.strokeWidth}px${l.dash ? `;stroke-dasharray:${l.dash}` : ''}}`;
  }),
  `.${DESK_CLASS}:focus-visible{stroke:#e8590c;stroke-width:4px}`,
].join('');

/** The orange frame around the chosen desk (drawn above the desks, not a hit target). */
export function SelectedFrame({ desk }: { desk: Desk }) {
  return (
    <rect data-selected-frame="" transform={deskTransform(desk)} x={-4} y={-4} width={S + 8} height={S + 8} rx={3} fill="none"
      stroke="#e8590c" strokeWidth={2.5} pointerEvents="none" />
  );
}

/** The desk's drawing alone, as the booking view draws it (the legend's sample). */
export function DeskShape({ state }: { state: DeskState }) {
  const look = DESK_LOOKS[state];
  const origin = { x: 0, y: 0, rotation: 0 };
  const stroke = markStroke(look);
  return (
    <>
      <path d={deskMarkPath(origin, 'body')} fill={look.fill} stroke={look.stroke} strokeWidth={look.strokeWidth} strokeDasharray={look.dash} strokeLinejoin="round" />
      <path d={deskMarkPath(origin, 'chair')} fill={look.stroke} />
      {look.mark !== 'none' && stroke && <path d={deskMarkPath(origin, look.mark)} {...stroke} />}
    </>
  );
}
