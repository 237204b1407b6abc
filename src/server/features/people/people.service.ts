import { canSearchPeople, isLongEnoughSearch, PEOPLE_SEARCH_MIN } from '../../../domain/orgAccess.js';
import type { PersonCard, PersonRef, TeamRef } from '../../../domain/wire/people.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { fieldError, forbidden, notFound } from '../../http/errors.js';
import { personCard, searchPeople, searchTeams } from './people.repo.js';

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

export async function personById(deps: AppDeps, id: number): Promise<PersonCard> {
  const card = await personCard(deps.pool, id);
  if (!card) throw notFound('The person');
  return card;
}
