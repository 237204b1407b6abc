/**
 * The VTIMEZONE of a site's zone, so an event written in the site's wall clock (DTSTART;TZID=...)
 * means the same instants in every calendar, and a series keeps its 09:00 across daylight-saving
 * changes. The rules come from timezones-ical-library (current IANA data as VTIMEZONE blocks, the
 * form Outlook, Google and Apple read); writing them from Intl by hand would mean finding each zone's
 * transitions ourselves. Its TZID may differ from the name asked for ('UTC' is 'Etc/UTC'), so the
 * block's own TZID is what events must name. Cached per zone: the blocks never change while running.
 */
import { tzlib_get_ical_block, tzlib_get_timezones } from 'timezones-ical-library';
import { CRLF, foldLine } from './icsLines.js';

export interface ZoneBlock {
  /** The TZID that DTSTART, DTEND, EXDATE and RECURRENCE-ID name. */
  tzid: string;
  /** BEGIN:VTIMEZONE ... END:VTIMEZONE, folded, each line ending in CRLF (written once per zone, not per object). */
  text: string;
}

const cache = new Map<string, ZoneBlock | null>();
let known: Set<string> | undefined;
/** Whether the library knows the zone (asked first: for an unknown one it writes an error to the console). */
const isKnown = (timeZone: string) => {
  if (!known) { const list = tzlib_get_timezones(); known = new Set(Array.isArray(list) ? list : []); }
  return known.has(timeZone) || timeZone === 'UTC';
};

/** The zone's VTIMEZONE, or undefined for a zone the library does not know (then events are written in UTC). */
export function zoneBlock(timeZone: string): ZoneBlock | undefined {
  let found = cache.get(timeZone);
  if (found === undefined) {
    found = null;
    const answer = isKnown(timeZone) ? tzlib_get_ical_block(timeZone) : '';
    if (Array.isArray(answer) && answer[0]?.startsWith('BEGIN:VTIMEZONE')) {
      const tzid = /^TZID:(.+)$/m.exec(answer[0])?.[1]?.trim();
      if (tzid) found = { tzid, text: answer[0].split(/\r?\n/).filter((l) => l !== '').map((l) => `${foldLine(l)}${CRLF}`).join('') };
    }
    cache.set(timeZone, found);
  }
  return found ?? undefined;
}
