import type { EraseResult } from '../../../domain/wire/personalData.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { inTransaction } from '../../db/transaction.js';
import { badInput, conflict, fieldError, notFound } from '../../http/errors.js';
import {
  anonymiseBookings, cancelFutureBookings, deleteAccessGrants, deleteCounters, deleteFavouriteDesks, deleteMails, deletePushMessages,
  deletePushSubscriptions, deleteRoles, deleteSessions, deleteTags, deleteTeamMemberships, lockPerson, tombstoneEmail, tombstoneUser,
} from './erasure.repo.js';
import { recordErasure } from '../audit/erasureAudit.js';

export const ERASE_SELF_MESSAGE = 'You cannot erase your own account. Ask another admin to do it.';
export const ALREADY_ERASED_MESSAGE = 'This person has already been erased.';
export const CONFIRM_MISMATCH_MESSAGE = "Type the person's e-mail address exactly to confirm.";

/**
 * POST /api/admin/people/{userId}/erase: removes or anonymises everything that names the person, in one
 * transaction with the person's row locked (two admins erasing at once: the second gets 409). Erasing
 * oneself is refused, which also means the last admin can never be erased (the caller is an admin).
 */
export async function erasePerson(deps: AppDeps, admin: SessionUser, userId: number, confirm: string): Promise<EraseResult> {
  if (userId === admin.id) throw badInput(ERASE_SELF_MESSAGE);
  return inTransaction(deps.pool, async (db) => {
    const person = await lockPerson(db, userId);
    if (!person) throw notFound('The person');
    if (person.email_key === tombstoneEmail(person.id)) throw conflict(ALREADY_ERASED_MESSAGE);
    if (confirm.trim().toLowerCase() !== person.email_key) throw fieldError('Confirm', CONFIRM_MISMATCH_MESSAGE);
    const now = deps.now();
    const futureCancelled = await cancelFutureBookings(db, person, admin.id, now);
    const erased = {
      FutureBookingsCancelled: futureCancelled,
      BookingsAnonymised: await anonymiseBookings(db, person, tombstoneEmail(person.id)),
      Sessions: await deleteSessions(db, person.id),
      PushSubscriptions: await deletePushSubscriptions(db, person.id),
      PushMessages: await deletePushMessages(db, person.id),
      FavouriteDesks: await deleteFavouriteDesks(db, person.id),
      TeamMemberships: await deleteTeamMemberships(db, person.id),
      Roles: await deleteRoles(db, person.id),
      Tags: await deleteTags(db, person.id),
      AccessGrants: await deleteAccessGrants(db, person.id),
      Mails: await deleteMails(db, person),
      CalendarFeed: person.calendar_token !== null,
    };
    await deleteCounters(db, person);
    await tombstoneUser(db, person.id);
    await recordErasure(db, admin, person.id, erased);
    return { Success: true as const, UserId: person.id, Erased: erased };
  });
}
