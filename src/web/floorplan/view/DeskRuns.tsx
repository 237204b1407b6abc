/**
 * Desks drawn as paths, not elements: for each run of RUN_LENGTH desks, ONE path per state for all
 * their boxes ('bodies', the booking view) or for all their chair sides and state marks ('marks').
 * A floor of 5,000 desks is then ~100 paths to create, style and lay out instead of 5,000 elements
 * (the elements' creation, style and layout were ~0.22 s of the booking screen's opening, bench/README.md).
 * A run is redrawn only when one of its desks or the states change, so dragging a desk in the editor
 * rebuilds one short run, not the whole floor.
 */
import { memo, type ReactNode } from 'react';
import type { Desk } from '../../../domain/layout/drawing.js';
import { deskClass } from './DeskGlyph.js';
import { deskMarkPath, markStroke } from './deskMarks.js';
import { DESK_LOOKS, DESK_STATES, deskStateOf, type DeskState } from './deskStates.js';

export type DeskStates = ReadonlyMap<string, DeskState>;
type Part = 'bodies' | 'marks';

export const RUN_LENGTH = 100;
/**
 * The booking view, whose desks never move: runs ten times longer, so a 5,000-desk floor is ~60 paths
 * instead of ~700 elements for React to create and the browser to style. Not one run for the whole
 * floor: a path is drawn whole into every screen tile it crosses, so a zoomed-in view would draw
 * every desk of the floor in each tile.
 */
export const BOOKING_RUN_LENGTH = 1000;

/**
 * The layer: the bodies are hit targets (`data-desk-body`, the desk under the pointer is found by its
 * position, see deskAt); the marks are drawn above everything desk-shaped and let the pointer through.
 */
export const DeskRuns = memo(function DeskRuns({ desks, states, part, runLength = RUN_LENGTH, hidden = null }: {
  desks: readonly Desk[]; states: DeskStates | undefined; part: Part; runLength?: number;
  /** Desks left out (the editor's dragged selection, drawn apart under one transform). */
  hidden?: ReadonlySet<string> | null;
}) {
  const runs: ReactNode[] = [];
  for (let from = 0; from < desks.length; from += runLength) {
    runs.push(<DeskRun key={from} desks={desks} from={from} to={Math.min(from + runLength, desks.length)} states={states} part={part} hidden={hidden} />);
  }
  return part === 'marks'
    ? <g data-layer="desk marks" pointerEvents="none" aria-hidden="true">{runs}</g>
    : <g data-layer="desk bodies" aria-hidden="true">{runs}</g>;
});

interface DeskRunProps { desks: readonly Desk[]; from: number; to: number; states: DeskStates | undefined; part: Part; hidden: ReadonlySet<string> | null }

const sameRun = (a: DeskRunProps, b: DeskRunProps): boolean => {
  if (a.states !== b.states || a.from !== b.from || a.to !== b.to || a.part !== b.part) return false;
  for (let i = a.from; i < a.to; i++) if (a.desks[i] !== b.desks[i]) return false;
  // Another set of hidden desks redraws only the runs holding a desk hidden in either.
  if (a.hidden !== b.hidden) {
    for (let i = a.from; i < a.to; i++) {
      const id = a.desks[i]!.id;
      if (a.hidden?.has(id) || b.hidden?.has(id)) return false;
    }
  }
  return true;
};

const DeskRun = memo(function DeskRun({ desks, from, to, states, part, hidden }: DeskRunProps) {
  // Path data per state: the boxes, or the chairs and the marks.
  const first = new Map<DeskState, string>();
  const marks = new Map<DeskState, string>();
  for (let i = from; i < to; i++) {
    const desk = desks[i]!;
    if (hidden?.has(desk.id)) continue;
    const state = deskStateOf(states, desk);
    first.set(state, (first.get(state) ?? '') + deskMarkPath(desk, part === 'bodies' ? 'body' : 'chair'));
    const mark = DESK_LOOKS[state].mark;
    if (part === 'marks' && mark !== 'none') marks.set(state, (marks.get(state) ?? '') + deskMarkPath(desk, mark));
  }
  if (part === 'bodies') {
    // The look comes from the state's class (DESK_CSS), as on a desk element.
    return <g>{DESK_STATES.map((state) => first.has(state) && <path key={state} className={deskClass(state)} data-desk-body={state} d={first.get(state)} />)}</g>;
  }
  return (
    <g>
      {DESK_STATES.map((state) => {
        const look = DESK_LOOKS[state];
        const chair = first.get(state);
        const mark = marks.get(state);
        const stroke = markStroke(look);
        return [
          chair && <path key={`${state}-chair`} data-marks={state} d={chair} fill={look.stroke} />,
          mark && stroke && <path key={`${state}-mark`} data-marks={state} d={mark} {...stroke} />,
        ];
      })}
    </g>
  );
}, sameRun);
