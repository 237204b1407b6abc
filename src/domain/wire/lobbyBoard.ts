import { z } from 'zod';
import { Id } from './common.js';

/**
 * Lobby boards (issue 24): a display paired to a site shows today's rooms with their state and next
 * meeting, and the free desks of each floor. Like the door display, the answer is what anyone walking
 * through the lobby may see: times, states and counts; a meeting's title only where its room shows
 * titles publicly; never a person's name or e-mail, nor who holds a desk.
 */

export const LobbyMeeting = z.object({
  Start: z.string(),
  Finish: z.string(),
  /** '' where the room does not show titles (restricted or clinical rooms, or the room's setting). */
  Title: z.string(),
  /** BookingStatus: 0 Pending (requested), 1 Approved. */
  Status: z.number().int(),
});
export type LobbyMeeting = z.infer<typeof LobbyMeeting>;

export const LobbyRoom = z.object({
  Id: z.number().int(),
  Name: z.string(),
  LocationName: z.string(),
  Capacity: z.number().int(),
  /** 'free', 'busy' (an Approved meeting now), 'pending' (a requested one now) or 'closed' (a closure covers now). */
  State: z.enum(['free', 'busy', 'pending', 'closed']),
  /** The closure's reason when State is 'closed' (as the booking screens show it), else null. */
  ClosedReason: z.string().nullable(),
  Current: LobbyMeeting.nullable(),
  /** The next meeting today after the current one (null: none). */
  Next: LobbyMeeting.nullable(),
});
export type LobbyRoom = z.infer<typeof LobbyRoom>;

export const LobbyFloor = z.object({
  FloorplanId: z.number().int(),
  Name: z.string(),
  LocationName: z.string(),
  /** Bookable desks of the published layout, and how many of them no booking holds and no closure closes now. */
  Desks: z.number().int(),
  FreeDesks: z.number().int(),
  /** The closure's reason when the whole floor (its location, or the site) is closed now, else null. */
  ClosedReason: z.string().nullable(),
  /**
   * The plan for the small map: the published drawing as JSON with desks, walls, rooms and doors only
   * (no desk names, teams, tags, text or underlay image).
   */
  Plan: z.string(),
  /** Ids of the bookable desks held now (the map shades them taken). */
  Taken: z.array(z.string()),
  /** Ids of the bookable desks a closure closes now (all of them when ClosedReason is set; the map shows a padlock). */
  Closed: z.array(z.string()),
});
export type LobbyFloor = z.infer<typeof LobbyFloor>;

export const LobbyBoard = z.object({
  Site: z.object({ Id: z.number().int(), Name: z.string(), TimeZone: z.string() }),
  Now: z.string(),
  Rooms: z.array(LobbyRoom),
  Floors: z.array(LobbyFloor),
  /** Auto-dim hours on the site's clock, 'HH:MM' (the door display's). */
  DimFrom: z.string(),
  DimTo: z.string(),
});
export type LobbyBoard = z.infer<typeof LobbyBoard>;

export const DisplaySiteParam = z.object({ siteId: Id });
export const SiteDisplayParams = z.object({ id: Id, displayId: Id });

/** Which target a paired display shows (GET /api/display/me): exactly one of the two. */
export const DisplayMe = z.object({ RoomId: z.number().int().optional(), SiteId: z.number().int().optional() });
export type DisplayMe = z.infer<typeof DisplayMe>;
