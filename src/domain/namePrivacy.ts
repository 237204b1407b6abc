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

/** 'Mary Anne Smith' -> 'MS'; 'Cher' -> 'C'; '' -> '?'. Letters of any script, upper-cased. */
export function initialsOf(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter((w) => w.length > 0);
  if (words.length === 0) return '?';
  const first = [...words[0]!][0]!;
  const last = words.length > 1 ? [...words[words.length - 1]!][0]! : '';
  return (first + last).toLocaleUpperCase();
}
