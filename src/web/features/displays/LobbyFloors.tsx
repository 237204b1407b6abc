import { useMemo } from 'react';
import { DESK_SIZE } from '../../../domain/layout/constants.js';
import type { Drawing } from '../../../domain/layout/drawing.js';
import type { LobbyFloor } from '../../../domain/wire/lobbyBoard.js';
import { FloorplanSvg, type DeskState } from '../../floorplan/view/index.js';
import { parseDrawableJson } from '../../../domain/layout/drawable.js';

const MARGIN = 60;

/** The part of the canvas the desks and walls occupy, so the small map shows the floor rather than the whole canvas. */
function bounds(d: Drawing): string {
  const xs: number[] = []; const ys: number[] = [];
  for (const k of d.desks) { xs.push(k.x, k.x + DESK_SIZE); ys.push(k.y, k.y + DESK_SIZE); }
  for (const r of d.floorplanRectangles) { xs.push(r.x, r.x + r.width); ys.push(r.y, r.y + r.height); }
  if (xs.length === 0) return '0 0 400 300';
  const x0 = Math.min(...xs) - MARGIN; const y0 = Math.min(...ys) - MARGIN;
  return `${x0} ${y0} ${Math.max(...xs) + MARGIN - x0} ${Math.max(...ys) + MARGIN - y0}`;
}

/**
 * One floor: its free desks as a number (the text the map stands beside), the closure's reason when the
 * whole floor is closed, and a small map with the desks shaded free, taken or closed (padlock) (the read-only FloorplanSvg the insights heatmap uses). The map is
 * `inert`: it is a picture on a board nobody operates, so it takes no focus and the count says it in words.
 */
function Floor({ floor }: { floor: LobbyFloor }) {
  const drawing = useMemo(() => parseDrawableJson(floor.Plan), [floor.Plan]);
  const states = useMemo(() => new Map<string, DeskState>([
    ...floor.Taken.map((id): [string, DeskState] => [id, 'taken']),
    ...floor.Closed.map((id): [string, DeskState] => [id, 'closed']),
  ]), [floor.Taken, floor.Closed]);
  return (
    <li className="lobby-floor" data-testid={`lobby-floor-${floor.FloorplanId}`}>
      <div className="lobby-floor-head">
        <span className="lobby-floor-name">{floor.LocationName} · {floor.Name}</span>
        <span className="lobby-floor-count" data-testid="lobby-free-desks">
          <strong>{floor.FreeDesks}</strong> of {floor.Desks} desks free
        </span>
      </div>
      {floor.ClosedReason !== null && (
        <div className="lobby-floor-closed" data-testid="lobby-floor-closed">Closed{floor.ClosedReason ? `: ${floor.ClosedReason}` : ''}</div>
      )}
      {drawing && drawing.desks.length > 0 && (
        <div className="lobby-map" inert>
          <FloorplanSvg drawing={drawing} zoom={1} label={`${floor.Name}: desks free, taken and closed`} desksAs="paths" deskStates={states}
            svgProps={{ viewBox: bounds(drawing), width: '100%', height: '100%', preserveAspectRatio: 'xMidYMid meet' }} />
        </div>
      )}
    </li>
  );
}

export function LobbyFloors({ floors }: { floors: LobbyFloor[] }) {
  return (
    <ul className="lobby-floors" aria-label="Free desks per floor">
      {floors.map((f) => <Floor key={f.FloorplanId} floor={f} />)}
    </ul>
  );
}
