/**
 * Favourite desks (issue 20, "Book my usual desk"): a person's own list, read and changed only by
 * that person (GET/PUT/DELETE /api/favourite-desks...). Nothing here names anyone else.
 */
import { z } from 'zod';
import { DRAWING_LIMITS } from '../layout/drawing.js';
import { Id } from './common.js';

/** How many favourite desks one person may keep. */
export const MAX_FAVOURITE_DESKS = 50;

/** The path's desk: a floorplan id and a desk id as the drawing names it. */
export const FavouriteDeskParams = z.object({
  floorplanId: Id,
  deskId: z.string().trim().min(1, 'The desk id is missing.').max(DRAWING_LIMITS.idLength, `A desk id has at most ${DRAWING_LIMITS.idLength} characters.`),
});

export const FavouriteDesk = z.object({
  FloorplanId: z.number().int(),
  DeskId: z.string(),
  /** The desk's name when it was marked (its alias, else its id). */
  DeskName: z.string(),
  FloorplanName: z.string(),
  LocationId: z.number().int(),
  LocationName: z.string(),
  SiteId: z.number().int(),
  SiteName: z.string(),
  /** The site's IANA time zone: a chosen day's times are read in it. */
  TimeZone: z.string(),
  /** The floorplan's published layout now; null when it has none (the desk cannot be booked then). */
  LayoutId: z.number().int().nullable(),
  /** False when the floorplan, its location or its site has been deleted since. */
  Available: z.boolean(),
});
export type FavouriteDesk = z.infer<typeof FavouriteDesk>;

export const FavouriteDeskList = z.array(FavouriteDesk);
