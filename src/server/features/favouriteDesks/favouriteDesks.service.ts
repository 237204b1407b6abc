/**
 * Favourite desks: the signed-in person's own list. Every function takes the caller's id from the
 * session (never from the request), so nobody can read or change anyone else's favourites.
 */
import { MAX_FAVOURITE_DESKS, type FavouriteDesk } from '../../../domain/wire/favouriteDesks.js';
import type { AppDeps } from '../../deps.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, conflict, notFound } from '../../http/errors.js';
import { addFavourite, listFavourites, publishedDesk, removeFavourite } from './favouriteDesks.repo.js';

export const myFavouriteDesks = (deps: AppDeps, userId: number): Promise<FavouriteDesk[]> => listFavourites(deps.pool, userId);

/**
 * Marks a desk of a floorplan's published layout as a favourite. Refused: a desk that is not on the
 * published layout (404), a desk that cannot be booked by anyone (400), a full list (409).
 * Returns the list as it is now, so the screen needs no second call.
 */
export async function markFavouriteDesk(deps: AppDeps, userId: number, floorplanId: number, deskId: string): Promise<{ created: boolean; list: FavouriteDesk[] }> {
  const desk = await publishedDesk(deps.pool, floorplanId, deskId);
  if (!desk) throw notFound('The desk');
  if (!desk.bookable) throw new AppError('BAD_INPUT', 'This desk cannot be booked, so it cannot be a favourite.', { deskId: 'This desk cannot be booked.' });
  const outcome = await inTransaction(deps.pool, (client) =>
    addFavourite(client, userId, { floorplanId, deskId, deskName: desk.name.slice(0, 100) }, MAX_FAVOURITE_DESKS));
  if (outcome === 'full') throw conflict(`You can keep at most ${MAX_FAVOURITE_DESKS} favourite desks. Remove one first.`);
  return { created: outcome === 'added', list: await listFavourites(deps.pool, userId) };
}

/** Removes one of the caller's favourites; 404 when they had no such favourite. */
export async function unmarkFavouriteDesk(deps: AppDeps, userId: number, floorplanId: number, deskId: string): Promise<void> {
  if (!(await removeFavourite(deps.pool, userId, floorplanId, deskId))) throw notFound('The favourite desk');
}
