import { canSearchPeople, isLongEnoughSearch, PEOPLE_SEARCH_MIN } from '../../../domain/orgAccess.js';
import { canManageDeskBookings } from '../../../domain/permissions.js';
import type { PersonCard, PersonGlimpse, PersonRef, TeamRef } from '../../../domain/wire/people.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { fieldError, forbidden, notFound } from '../../http/errors.js';
import { personCard, searchPeople, searchTeams, shareABooking } from './people.repo.js';

function assertMaySearch(user: SessionUser): void {
  if (!canSearchPeople(user.caller)) throw forbidden();
}

export async function findPeople(deps: AppDeps, user: SessionUser, text: string): Promise<PersonRef[]> {
  assertMaySearch(user);
  if (!isLongEnoughSearch(text)) throw fieldError('text', `Please enter at least ${PEOPLE_SEARCH_MIN} characters`);
  return searchPeople(deps.pool, text);
}

/** Team names are often short ('HR'), so one character is enough. */
export async function findTeams(deps: AppDeps, user: SessionUser, text: string): Promise<TeamRef[]> {
  assertMaySearch(user);
  if (text.trim() === '') throw fieldError('text', 'Please enter at least 1 character');
  return searchTeams(deps.pool, text);
}

/**
 * GET /api/users/{id} (issue 18: any signed-in person could list everyone's name, e-mail and photo by
 * walking ids). The whole card goes to the person themself and to admins and booking managers (Manage
 * Desk Bookings shows the booker of any desk booking). Other staff see only the name and photo of
 * someone they share a booking with (one booked on behalf of the other), which the booking already
 * names; anyone else is "not found", exactly like an id nobody has, so ids cannot be probed.
 */
export async function personById(deps: AppDeps, user: SessionUser, id: number): Promise<PersonCard | PersonGlimpse> {
  const card = await personCard(deps.pool, id);
  if (card && (card.Id === user.id || canManageDeskBookings(user.caller))) return card;
  if (card && await shareABooking(deps.pool, user, { id: card.Id, email: card.Email })) {
    return { Id: card.Id, FullName: card.FullName, Photo: card.Photo };
  }
  throw notFound('The person');
}
