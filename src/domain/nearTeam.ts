/**
 * "Near my team" (issue 20, point 4): which desks of a floor are close to where the caller's teammates
 * sit that day, or are set aside for one of the caller's teams. Pure geometry on the published drawing,
 * used by the server (which alone knows whose booking is whose); the web only gets the desk ids.
 *
 * Distance is centre to centre in drawing units. Every desk is a DESK_SIZE square whose top-left
 * corner is (x, y), so comparing corners compares centres; rotation turns a desk about its centre.
 */
import { DESK_SIZE } from './layout/constants.js';

/**
 * Near = within 5 desk widths (100 units) centre to centre: the same desk cluster and the next one,
 * the diagonal neighbour of the demo floor's 60 x 80 grid included, not the far side of an open floor.
 */
export const NEAR_TEAM_DISTANCE = 5 * DESK_SIZE;

export interface PlacedDesk { id: string; x: number; y: number; assignedTeams: readonly number[] }

/**
 * The desks within NEAR_TEAM_DISTANCE of any of `teammateDeskIds` (those desks included), plus the
 * desks assigned to one of `teamIds`. Desks are bucketed in a grid of the distance's size, so each
 * desk looks at 9 cells: a 5,000-desk floor costs 5,000 small lookups, not 5,000 x teammates.
 */
export function nearTeamDesks(desks: Iterable<PlacedDesk>, teammateDeskIds: ReadonlySet<string>, teamIds: readonly number[]): Set<string> {
  const all = [...desks];
  const cell = NEAR_TEAM_DISTANCE;
  const key = (cx: number, cy: number) => `${cx}:${cy}`;
  const grid = new Map<string, PlacedDesk[]>();
  for (const d of all) {
    if (!teammateDeskIds.has(d.id)) continue;
    const k = key(Math.floor(d.x / cell), Math.floor(d.y / cell));
    const list = grid.get(k);
    if (list) list.push(d); else grid.set(k, [d]);
  }
  const near = new Set<string>();
  const limit = NEAR_TEAM_DISTANCE * NEAR_TEAM_DISTANCE;
  for (const d of all) {
    if (d.assignedTeams.some((t) => teamIds.includes(t))) { near.add(d.id); continue; }
    if (grid.size === 0) continue;
    const cx = Math.floor(d.x / cell);
    const cy = Math.floor(d.y / cell);
    search: for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const t of grid.get(key(cx + dx, cy + dy)) ?? []) {
          if ((t.x - d.x) ** 2 + (t.y - d.y) ** 2 <= limit) { near.add(d.id); break search; }
        }
      }
    }
  }
  return near;
}
