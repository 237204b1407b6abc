import { isConstraintSet, resolveConstraint, type BookingConstraint } from './advanceLimit.js';
import { hasRole, isAdmin, type Caller } from './permissions.js';

/**
 * Who may see and book where (SPEC 6, issue 10). Pure: the server loads the facts (is the level
 * restricted, is the person listed there directly or through a team) and asks these rules.
 */

/** Access types of access_grants. */
export const ACCESS_TYPE = { ResourceAdmin: 0, RoomAdmin: 1, DeskAccess: 2 } as const;
export type AccessType = (typeof ACCESS_TYPE)[keyof typeof ACCESS_TYPE];

/**
 * Admins configure everything and see every site and location. 'Not Restricted' is a role whose
 * effect the spec leaves open; its name says it, so it passes site and location restrictions too.
 */
export const bypassesRestrictions = (c: Caller): boolean => isAdmin(c) || hasRole(c, 'Not Restricted');

export interface RestrictionLevel {
  restricted: boolean;
  /** The person is on this level's list (directly or through a team). */
  listed: boolean;
}

/**
 * A site or location whose access is restricted is left out of a person's choices unless they are
 * listed there; every level (site, then location) must let them through.
 */
export const passesRestrictions = (levels: readonly RestrictionLevel[], bypass: boolean): boolean =>
  bypass || levels.every((l) => !l.restricted || l.listed);

/**
 * Turning a restriction off clears that level's list of that access type, and a level that is not
 * restricted keeps no list: a list without a restriction would have no effect but would come back
 * to life silently the next time the restriction is switched on.
 */
export const keptAccessList = <T>(restricted: boolean, list: readonly T[]): T[] => (restricted ? [...list] : []);

/**
 * A room's advance-limit constraint: the room's own, else the location's, else the site's, else the
 * global one (SPEC 9 names location/site/global; SPEC 3 gives rooms a RoomBookingConstraint too,
 * and the most specific level that is set wins, as it does between the others).
 */
export const resolveRoomConstraint = (levels: {
  room?: BookingConstraint | null;
  location?: BookingConstraint | null;
  site?: BookingConstraint | null;
  global: BookingConstraint | null | undefined;
}): BookingConstraint | null =>
  isConstraintSet(levels.room) ? levels.room : resolveConstraint({ location: levels.location, site: levels.site, global: levels.global });

/**
 * The saved check-in setting of a room or location (null = inherit) after an edit. Editors show
 * the effective value; sending it back unchanged must not freeze an inherited setting.
 */
export const nextCheckInSetting = (
  own: boolean | null,
  effective: boolean,
  submitted: boolean | null | undefined,
): boolean | null => (submitted === undefined || submitted === effective ? own : submitted);

export type Place = 'site' | 'location' | 'room';

/** The 409 message when a place still has active future bookings; null when it may be deleted. */
export const deletionRefusal = (place: Place, activeFutureBookings: number): string | null => {
  if (activeFutureBookings <= 0) return null;
  const n = activeFutureBookings;
  return `This ${place} cannot be deleted: it has ${n} active future booking${n === 1 ? '' : 's'}. Cancel ${n === 1 ? 'it' : 'them'} first.`;
};

/** Tag types (SPEC 3) and the kinds of thing a tag is assigned to, by number or name. */
export const TAG_TYPE = { User: 1, Desk: 2, Room: 3, Location: 4, Site: 5 } as const;
export type TagType = (typeof TAG_TYPE)[keyof typeof TAG_TYPE];
const TAG_KIND_NAMES: Record<string, TagType> = { user: 1, desk: 2, room: 3, location: 4, site: 5 };

export const isTagType = (v: unknown): v is TagType => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 5;

/** 'room', 'Room' or '3' -> 3; anything else -> null. */
export const parseTagKind = (kind: string): TagType | null => {
  const k = kind.trim().toLowerCase();
  if (k in TAG_KIND_NAMES) return TAG_KIND_NAMES[k]!;
  const n = /^\d$/.test(k) ? Number(k) : NaN;
  return isTagType(n) ? n : null;
};

/** SPEC 9: people search needs at least 3 characters (after trimming). */
export const PEOPLE_SEARCH_MIN = 3;
export const isLongEnoughSearch = (text: string): boolean => text.trim().length >= PEOPLE_SEARCH_MIN;

/** Admins, room approvers and booking managers search people (restriction lists, on-behalf-of). */
export const canSearchPeople = (c: Caller): boolean => isAdmin(c) || c.roomApprover || hasRole(c, 'Booking Manager');

/**
 * Whether a person is still a room admin of a room after its lists are saved: through the location
 * (untouched by a room edit) or through the room's own lists, which only count while the room is
 * restricted. A room approver's edit must leave this true (SPEC 5: they cannot remove themselves).
 */
export const staysRoomAdmin = (
  after: { listedAtLocation: boolean; roomRestricted: boolean; roomUserIds: readonly number[]; roomTeamIds: readonly number[] },
  person: { id: number; teamIds: readonly number[] },
): boolean =>
  after.listedAtLocation ||
  (after.roomRestricted && (after.roomUserIds.includes(person.id) || after.roomTeamIds.some((t) => person.teamIds.includes(t))));

/** Room capacity (SPEC 5, 9): a whole number from 1 to 900, as a number or a string of digits; null when invalid. */
export const parseCapacity = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= 900 ? n : null;
};

/** Room type (SPEC 3): 0 Meeting Room, 1 Clinical Meeting Room; null when invalid. */
export const parseRoomType = (v: unknown): 0 | 1 | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*[01]\s*$/.test(v) ? Number(v) : NaN;
  return n === 0 || n === 1 ? n : null;
};
