import type { NamesOnMap } from './wire/settings.js';

/**
 * Whose name a signed-in viewer may see at a desk (issue 20, "Who's in"). Privacy first: nobody's
 * own choice to hide is overridden, the organisation can turn names off, and by default only people
 * who share a team with the viewer are named. Anonymous and display screens never call this: they
 * are never sent names at all.
 */
export interface OccupantFacts {
  setting: NamesOnMap;
  viewerId: number;
  /** The person holding the desk, when they have an account (an on-behalf address may have none). */
  occupantId: number | null;
  occupantHidesName: boolean;
  /** The occupant is in at least one of the viewer's teams. */
  sharesTeam: boolean;
}

export function occupantNameShown(f: OccupantFacts): boolean {
  if (f.occupantId === null || f.occupantId === f.viewerId) return false; // own bookings: IsMine says so
  if (f.occupantHidesName || f.setting === 'off') return false;
  return f.setting === 'everyone' || f.sharesTeam;
}

/**
 * Whether a booked person makes the desks around them "near my team" for the viewer (issue 20, point 4):
 * only a teammate whose name this viewer could see at that desk anyway. So the flag tells nothing the
 * map and Who's in do not already show: a person who hides their name, or every person when the
 * organisation turns names off, does not count (a highlighted ring of free desks would point at their
 * desk); people outside the viewer's teams never count, whatever the setting.
 */
export function countsForNearTeam(f: OccupantFacts): boolean {
  return f.sharesTeam && occupantNameShown(f);
}

/** 'Mary Anne Smith' -> 'MS'; 'Cher' -> 'C'; '' -> '?'. Letters of any script, upper-cased. */
export function initialsOf(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter((w) => w.length > 0);
  if (words.length === 0) return '?';
  const first = [...words[0]!][0]!;
  const last = words.length > 1 ? [...words[words.length - 1]!][0]! : '';
  return (first + last).toLocaleUpperCase();
}
