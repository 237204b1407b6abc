import { memo } from 'react';
import { DESK_SIZE } from '../../../domain/layout/constants.js';
import type { Desk } from '../../../domain/layout/drawing.js';
import { DESK_LOOKS, deskName, type DeskState } from './deskStates.js';

export interface DeskGlyphProps {
  desk: Desk;
  state: DeskState;
  selected: boolean;
  /** In the Tab order (roving focus: one desk at a time). */
  tabStop: boolean;
  /** Extra words for the accessible name (e.g. the booking screen's times). */
  detail?: string;
}

const S = DESK_SIZE;

/**
 * One desk: a focusable SVG group with role button and a name such as "Desk 12, available".
 * Memoised on its props, and the desk object keeps its identity when another desk changes
 * (the engine replaces only the changed desk), so moving one desk re-renders one desk.
 * Events are handled by the parent through data-desk-id (no per-desk callbacks to break memo).
 */
export const DeskGlyph = memo(function DeskGlyph({ desk, state, selected, tabStop, detail }: DeskGlyphProps) {
  const look = DESK_LOOKS[state];
  const shown = deskName(desk);
  // 'Desk 12, available'; an alias that already says desk is not repeated ('Desk Desk 12').
  const name = `${/^desk\b/i.test(shown) ? shown : `Desk ${shown}`}, ${look.words}${detail ? `, ${detail}` : ''}`;
  return (
    <g
      className="fp-desk"
      data-desk-id={desk.id}
      data-desk-state={state}
      role="button"
      aria-label={name}
      aria-pressed={selected}
      tabIndex={tabStop ? 0 : -1}
      transform={`translate(${desk.x} ${desk.y})${desk.rotation ? ` rotate(${desk.rotation} ${S / 2} ${S / 2})` : ''}`}
    >
      <title>{name}</title>
      {selected && <rect x={-4} y={-4} width={S + 8} height={S + 8} rx={3} fill="none" stroke="#e8590c" strokeWidth={2.5} />}
      <DeskShape state={state} />
    </g>
  );
});

/** The desk's drawing alone (also the legend's sample). */
export function DeskShape({ state }: { state: DeskState }) {
  const look = DESK_LOOKS[state];
  return (
    <>
      <rect className="fp-desk-box" width={S} height={S} rx={2} fill={look.fill} stroke={look.stroke} strokeWidth={look.strokeWidth}
        strokeDasharray={look.dash} />
      {/* The chair side: shows which way the desk faces at any rotation. */}
      <rect x={4} y={S - 3} width={S - 8} height={3} fill={look.stroke} />
      <DeskMark mark={look.mark} color={look.stroke} />
    </>
  );
}

function DeskMark({ mark, color }: { mark: (typeof DESK_LOOKS)[DeskState]['mark']; color: string }) {
  switch (mark) {
    case 'cross':
      return <path d={`M5 4 L${S - 5} ${S - 6} M${S - 5} 4 L5 ${S - 6}`} stroke={color} strokeWidth={2} strokeLinecap="round" />;
    case 'tick':
      return <path d={`M4 9 L8 13 L${S - 4} 4`} fill="none" stroke={color} strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round" />;
    case 'hatch':
      return <path d={`M2 10 L10 2 M2 16 L16 2`} stroke={color} strokeWidth={1} />;
    case 'none':
      return null;
  }
}
