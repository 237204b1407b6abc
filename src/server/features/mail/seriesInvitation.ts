/**
 * The invitation of a repeating booking (issue 22, issue 23): ONE calendar object for the whole series
 * (calendarEvents.ts, seriesCalendarEvents), METHOD:REQUEST while any occurrence is active and
 * METHOD:CANCEL when none is. Every change of an occurrence raises the series' SEQUENCE by itself
 * (migration 0023), so the next notice updates the same event in place.
 * Called by the series' notices (bookingSeries/seriesNotice.ts) and by any single occurrence's notice.
 */
import type pg from 'pg';
import { writeCalendar } from '../../../domain/ical/calendarObject.js';
import type { Config } from '../../config.js';
import { organizerOf, seriesCalendarEvents } from './calendarEvents.js';
import { loadSeries } from './invitationFacts.repo.js';

type Queryable = Pick<pg.PoolClient, 'query'>;

export async function seriesInvitation(db: Queryable, config: Pick<Config, 'mailFrom'>, seriesId: string, stamp = new Date()): Promise<string | undefined> {
  const found = await loadSeries(db, seriesId);
  if (!found) return undefined;
  const events = seriesCalendarEvents(found.series, found.occurrences, organizerOf(config.mailFrom));
  if (events.length === 0) return undefined;
  return writeCalendar(events, { method: events[0]!.status === 'CANCELLED' ? 'CANCEL' : 'REQUEST', stamp });
}
