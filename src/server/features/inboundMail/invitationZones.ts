import { TZDate } from '@date-fns/tz';
import ICAL from 'ical.js';
import { findIana } from 'windows-iana';
import { isValidTimeZone } from '../../config.js';

/**
 * The instant an invitation's local time means (issue 23). Calendars name zones three ways:
 * - IANA names (Google, Apple: "Europe/London");
 * - Windows names (Outlook, Exchange: "GMT Standard Time", "W. Europe Standard Time"), mapped to IANA
 *   with windows-iana (CLDR's table), whose rules are the full history rather than the single rule set
 *   Outlook's VTIMEZONE carries;
 * - anything else, defined by a VTIMEZONE in the same object (used through ical.js, never registered
 *   globally: one sender's definition must not change how another's times read).
 * A time without zone ("floating") is read on the room's site clock; a UTC time (Z) as it is.
 */
const validIana = (tz: string) => (tz.includes('/') || tz === 'UTC') && isValidTimeZone(tz);

/** The IANA zone a TZID stands for, or undefined when it is neither IANA nor a Windows name. */
export function ianaZoneOf(tzid: string): string | undefined {
  const clean = tzid.replace(/^\//, '').trim();
  if (validIana(clean)) return clean;
  const mapped = findIana(clean)?.[0];
  return mapped && validIana(mapped) ? mapped : undefined;
}

/** The instant of an ICAL.Time, or undefined when its zone cannot be resolved. */
export function instantOf(t: ICAL.Time, tzid: string | undefined, vtimezones: Map<string, ICAL.Timezone>, siteZone: string): Date | undefined {
  if (t.zone === ICAL.Timezone.utcTimezone || t.zone?.tzid === 'UTC') return t.toJSDate();
  const local = (zone: string) => new Date(new TZDate(t.year, t.month - 1, t.day, t.hour, t.minute, t.second, zone).getTime());
  if (!tzid) return local(siteZone);
  const iana = ianaZoneOf(tzid);
  if (iana) return local(iana);
  const defined = vtimezones.get(tzid);
  if (!defined) return undefined;
  const copy = t.clone();
  copy.zone = defined;
  return new Date(copy.toUnixTime() * 1000);
}
