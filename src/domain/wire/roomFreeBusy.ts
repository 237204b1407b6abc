import { z } from 'zod';

/**
 * A room's free/busy feed (issue 23), as its admin sees it. The secret URLs are shown only in the
 * answer that made them (turn on or rotate): the server keeps a hash of the secret, not the secret.
 */
export const RoomFreeBusyFeed = z.object({
  Enabled: z.boolean(),
  /** When the current secret was made (ISO 8601), null when the feed is off. */
  Since: z.string().nullable(),
  /** Busy blocks as iCalendar events (subscribe in Outlook, Google, Apple): only in the answer that made the secret. */
  EventsUrl: z.string().nullable(),
  /** The same as a VFREEBUSY object (room finders, free/busy readers): only in the answer that made the secret. */
  FreeBusyUrl: z.string().nullable(),
});
export type RoomFreeBusyFeed = z.infer<typeof RoomFreeBusyFeed>;

/** What the feeds cover, counted from the start of the current hour (UTC). */
export const FREE_BUSY_PAST_DAYS = 30;
export const FREE_BUSY_FUTURE_DAYS = 180;
