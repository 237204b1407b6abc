/**
 * What the desk map writes and filters (issue 20), from the drawing, the desks' states and the
 * occupancy answer. Privacy: an occupant is named only when the server sent `Occupant` (its privacy
 * rules decide, see src/server/features/deskBooking); otherwise a taken desk says only "Taken".
 */
import type { Desk } from '../../../domain/layout/drawing.js';
import { DESK_SIZE } from '../../../domain/layout/constants.js';
import type { DeskOccupancy } from '../../../domain/wire/bookings.js';
import type { Closure } from '../../../domain/wire/closures.js';
import type { NearTeamAnswer } from '../../../domain/wire/whosIn.js';
import type { DeskState } from '../../floorplan/view/deskStates.js';
import { shortDeskName } from '../../floorplan/view/mapView.js';
import { deskLabel } from './deskBookingView.js';
import { deskName } from '../../floorplan/view/deskStates.js';

export type Occupant = { Name: string; Initials: string };

/** Per desk, who sits there (when the answer names them); a desk booked twice in the range keeps the first. */
export function occupantsOf(occupancy: readonly DeskOccupancy[]): Map<string, Occupant> {
  const found = new Map<string, Occupant>();
  for (const o of occupancy) if (o.Occupant && !found.has(o.DeskId)) found.set(o.DeskId, o.Occupant);
  return found;
}

/**
 * The states with the closures over the chosen time applied (issue 22): a bookable or taken desk in a
 * closure is 'closed'. A desk that is not bookable anyway keeps saying so, and one booked by you keeps
 * 'mine' (your booking stands until the closure's admin cancels it). The same map when nothing is closed.
 */
export function withClosedDesks(states: Map<string, DeskState>, closed: ReadonlyMap<string, Closure>): Map<string, DeskState> {
  if (closed.size === 0) return states;
  const out = new Map(states);
  for (const id of closed.keys()) {
    const s = out.get(id);
    if (s === 'bookable' || s === 'taken') out.set(id, 'closed');
  }
  return out;
}

/** The words inside each desk: a taken desk's occupant's initials or 'Taken', 'You' on mine, 'Closed', else its short name. */
export function deskMapLabels(desks: readonly Desk[], states: ReadonlyMap<string, DeskState>, occupants: ReadonlyMap<string, Occupant>): Map<string, string> {
  const labels = new Map<string, string>();
  for (const d of desks) {
    const state = states.get(d.id);
    labels.set(d.id, state === 'taken' ? (occupants.get(d.id)?.Initials.trim() || 'Taken') : state === 'mine' ? 'You'
      : state === 'closed' ? 'Closed' : shortDeskName(deskName(d)));
  }
  return labels;
}

/**
 * The bubble over a hovered or focused desk: 'Desk 12 · available', 'Desk 12 · Ann Example', 'Desk 12 · taken',
 * 'Desk 12 · Closed: Boiler repair'.
 */
export function deskCaption(desk: Desk, state: DeskState | undefined, occupant: Occupant | undefined, closure?: Pick<Closure, 'Reason'>): string {
  const name = deskLabel(desk);
  if (state === 'taken') return `${name} · ${occupant ? occupant.Name : 'taken'}`;
  if (state === 'closed') return `${name} · ${closure ? `Closed: ${closure.Reason}` : 'closed'}`;
  return `${name} · ${state === 'mine' ? 'booked by you' : state === 'nonBookable' ? 'not bookable' : 'available'}`;
}

/** The tags desks on this floor carry, by label (case-insensitive, first spelling kept), sorted. */
export function deskTags(desks: readonly Desk[]): { label: string; tooltip: string }[] {
  const byKey = new Map<string, { label: string; tooltip: string }>();
  for (const d of desks) {
    for (const t of d.tags) {
      const label = t.Label.trim();
      if (label && !byKey.has(label.toLowerCase())) byKey.set(label.toLowerCase(), { label, tooltip: t.Tooltip });
    }
  }
  return [...byKey.values()].sort((a, b) => a.label.localeCompare(b.label, 'en-GB'));
}

/** Does the desk carry every chosen tag? */
export const hasTags = (desk: Desk, chosen: readonly string[]): boolean =>
  chosen.every((c) => desk.tags.some((t) => t.Label.trim().toLowerCase() === c.toLowerCase()));

/**
 * The desks the chosen tags, "favourites only" and "near my team" (the server's desk ids, null when
 * that filter is off or its answer is not in yet) leave out; null when no filter is on.
 */
export function desksLeftOut(
  desks: readonly Desk[], chosen: readonly string[], favouritesOnly: ReadonlySet<string> | null, nearTeam: ReadonlySet<string> | null = null,
): Set<string> | null {
  if (chosen.length === 0 && !favouritesOnly && !nearTeam) return null;
  const out = new Set<string>();
  for (const d of desks) {
    if (!hasTags(d, chosen) || (favouritesOnly && !favouritesOnly.has(d.id)) || (nearTeam && !nearTeam.has(d.id))) out.add(d.id);
  }
  return out;
}

/** What "Near my team" counts, for its tooltip (the distance is the server's, in drawing units; a desk is 20). */
export function nearTeamExplanation(nearDistance: number): string {
  const desks = Math.round(nearDistance / DESK_SIZE);
  return `Desks within about ${desks} desk widths of a desk a teammate has booked that day on this floor, and desks set aside for your team.`
    + ' Teammates who hide their name are not counted, and the map never says who.';
}

/**
 * The words under the filters while "Near my team" is on: why nothing (or only the team's own desks)
 * is shown, or null when teammates were found (the usual "n desks hidden" count then says enough).
 */
export function nearTeamMessage(answer: Pick<NearTeamAnswer, 'DeskIds' | 'TeammatesBooked' | 'NamesOnMap'>): string | null {
  if (answer.TeammatesBooked) return null;
  const why = answer.NamesOnMap === 'off'
    ? 'Your organisation has turned names off, so teammates\' bookings are not used.'
    : 'No teammates booked on this floor that day.';
  return answer.DeskIds.length > 0 ? `${why} Showing the desks set aside for your team.` : why;
}
