import { z } from 'zod';
import { isCalendarDate } from '../deskRoute.js';
import { IsoInstant } from './bookings.js';
import { NamesOnMap } from './settings.js';

/** GET /api/whos-in?date=YYYY-MM-DD: the day, read in each site's own time zone. */
export const WhosInQuery = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD').refine(isCalendarDate, 'must be a real calendar date'),
});

/** A person visible to the caller with a desk booked that day. No e-mail, no user id: a name and a place. */
export const WhosInPerson = z.object({
  Name: z.string(),
  Initials: z.string(),
  DeskId: z.string(),
  DeskName: z.string(),
  FloorplanId: z.number().int(),
  FloorplanName: z.string(),
  LocationId: z.number().int(),
  LocationName: z.string(),
  /** The booking's times (ISO 8601 with offset); the site's time zone says how to show them. */
  Start: z.string(),
  Finish: z.string(),
});
export type WhosInPerson = z.infer<typeof WhosInPerson>;

export const WhosInSite = z.object({
  SiteId: z.number().int(),
  SiteName: z.string(),
  TimeZone: z.string(),
  People: z.array(WhosInPerson),
});
export type WhosInSite = z.infer<typeof WhosInSite>;

export const WhosInResponse = z.object({
  Date: z.string(),
  /** The organisation's setting, so the screen can say why the list is empty when names are off. */
  NamesOnMap,
  /** Sites where at least one visible person has a desk that day, by name; people by name. */
  Sites: z.array(WhosInSite),
});
export type WhosInResponse = z.infer<typeof WhosInResponse>;

/** GET /api/bookings/for/{floorplanId}/near-team?start=&end=: the map's time range (ISO instants). */
export const NearTeamQuery = z.object({ start: IsoInstant, end: IsoInstant });

/**
 * "Near my team" for the caller on one floor (issue 20, point 4). A per-desk yes/no, sent as the ids
 * of the desks that are near: never who sits where, nor how many.
 */
export const NearTeamAnswer = z.object({
  /** Desks within NearDistance of a desk a teammate has booked that day (each site's own day), or assigned to one of the caller's teams. */
  DeskIds: z.array(z.string()),
  /** Some teammate who counts (see namePrivacy.countsForNearTeam) has a desk on this floor that day: the empty state's words. */
  TeammatesBooked: z.boolean(),
  /** The caller is in at least one team. */
  InTeam: z.boolean(),
  /** Under 'off' teammates' bookings never count; only desks assigned to the caller's teams do. */
  NamesOnMap,
  /** Centre-to-centre distance in drawing units that counts as near (a desk is 20 units wide). */
  NearDistance: z.number(),
});
export type NearTeamAnswer = z.infer<typeof NearTeamAnswer>;
