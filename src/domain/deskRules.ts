/** SPEC 5 and 9: a desk assigned to a team is reserved for it only when booked more than 48 h ahead. */
export const DESK_TEAM_RESERVATION_MS = 48 * 60 * 60 * 1000;

export type RuleResult = { ok: true } | { ok: false; reason: string };

export const DESK_NOT_BOOKABLE = 'This desk is not bookable';
export const DESK_RESERVED_FOR_TEAM =
  'This desk is assigned to a team. Only members of that team may book it more than 48 hours ahead.';

const sharesAny = <T>(a: readonly T[], b: readonly T[]): boolean => a.some((x) => b.includes(x));

/**
 * Whether this user may book this desk for a booking starting at `start`.
 * The team reservation applies when `start - now` is strictly MORE than 48 hours: at exactly
 * 48 hours the desk is open to anyone (so a team's unused desk frees up two days ahead).
 * A desk with an empty assignedTeams list is open to all.
 */
export const canBookDesk = (input: {
  desk: { bookable: boolean; assignedTeams: readonly number[] };
  start: Date;
  now: Date;
  userTeamIds: readonly number[];
}): RuleResult => {
  const { desk, start, now, userTeamIds } = input;
  if (!desk.bookable) return { ok: false, reason: DESK_NOT_BOOKABLE };
  const reservedForTeam = start.getTime() - now.getTime() > DESK_TEAM_RESERVATION_MS;
  if (reservedForTeam && desk.assignedTeams.length > 0 && !sharesAny(desk.assignedTeams, userTeamIds)) {
    return { ok: false, reason: DESK_RESERVED_FOR_TEAM };
  }
  return { ok: true };
};

/**
 * Site/location/room access restrictions (SPEC 6): when `restricted` is on, only the named users
 * or members of the named teams get through; when it is off, everyone does. A restriction with
 * empty lists lets nobody through (the caller decides whether Admins bypass it; this rule does
 * not know roles). User ids are compared with ===, so pass ids of one type.
 */
export const canAccessRestricted = <UserId extends string | number>(input: {
  restricted: boolean;
  userId: UserId;
  userTeamIds: readonly number[];
  allowedUserIds: readonly UserId[];
  allowedTeamIds: readonly number[];
}): boolean =>
  !input.restricted ||
  input.allowedUserIds.includes(input.userId) ||
  sharesAny(input.allowedTeamIds, input.userTeamIds);
