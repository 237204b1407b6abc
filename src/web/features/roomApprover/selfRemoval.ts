import type { RestrictionValue } from '../restrictions/index.js';

/** SPEC 5: a room approver cannot remove themselves; the alert sends them to the administrator. */
export const CANNOT_REMOVE_SELF = 'You cannot remove yourself from the approvers of this room. Please contact the system administrator.';

export interface Me { id: number; teamIds: readonly number[] }

/** Whether the room's own approver lists still name me (directly or through one of my teams). */
export const listsMe = (v: Pick<RestrictionValue, 'users' | 'teams'>, me: Me): boolean =>
  v.users.some((u) => u.Id === me.id) || v.teams.some((t) => me.teamIds.includes(t.Id));

/**
 * The client-side check before an edit: would this change take me off a list that names me now?
 * (If I approve through the location instead, the room's lists do not name me and I may edit
 * them freely; the server has the final word either way.)
 */
export const removesMe = (before: RestrictionValue, after: RestrictionValue, me: Me): boolean =>
  listsMe(before, me) && !(after.restricted && listsMe(after, me));
