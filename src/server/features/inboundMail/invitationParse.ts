import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import { instantOf } from './invitationZones.js';

/**
 * What an iMIP invitation asks of a room, read with ical.js (a well-kept RFC 5545 parser; no
 * hand-written parsing of calendar text). One object may hold several VEVENTs of one UID: the series'
 * master and overriding occurrences (RECURRENCE-ID); the master is what a REQUEST is about, a lone
 * occurrence is what a CANCEL of one occurrence is about.
 */
export interface Invitation {
  method: string;
  uid: string;
  sequence: number;
  dtstamp: Date;
  start: Date | undefined;
  finish: Date | undefined;
  allDay: boolean;
  recurring: boolean;
  recurrenceId: Date | undefined;
  organizer: { email: string; name: string | undefined };
  summary: string;
  /** STATUS (CONFIRMED, TENTATIVE, CANCELLED: an overriding occurrence may cancel itself), upper case. */
  status: string;
  /** Times, title and rule: equal hashes mean a repeated REQUEST changes nothing. */
  contentHash: string;
  /** Why the times could not be read (an unknown zone), when they could not. */
  problem: string | undefined;
}

export class UnreadableInvitation extends Error {}

const mailto = (v: unknown) => String(v ?? '').replace(/^mailto:/i, '').trim().toLowerCase();

export function parseInvitation(ics: string, siteZone: string): Invitation {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(ics));
  } catch (err) {
    throw new UnreadableInvitation(`not an iCalendar object (${(err as Error).message.slice(0, 200)})`);
  }
  if (root.name !== 'vcalendar') throw new UnreadableInvitation('not a VCALENDAR');
  const method = String(root.getFirstPropertyValue('method') ?? '').toUpperCase();
  const zones = new Map<string, ICAL.Timezone>();
  for (const c of root.getAllSubcomponents('vtimezone')) {
    const tz = new ICAL.Timezone(c);
    if (tz.tzid) zones.set(tz.tzid, tz);
  }
  const events = root.getAllSubcomponents('vevent');
  if (events.length === 0) throw new UnreadableInvitation('no VEVENT');
  const ev = events.find((e) => !e.hasProperty('recurrence-id')) ?? events[0]!;
  const uid = String(ev.getFirstPropertyValue('uid') ?? '').trim();
  if (!uid || uid.length > 1000) throw new UnreadableInvitation('no usable UID');

  const timeOf = (name: string): { t: ICAL.Time; at: Date | undefined } | undefined => {
    const p = ev.getFirstProperty(name);
    const t = p?.getFirstValue() as ICAL.Time | null | undefined;
    if (!p || !t || typeof t !== 'object' || !('isDate' in t)) return undefined;
    const tzid = p.getParameter('tzid') as string | undefined;
    return { t, at: instantOf(t, tzid, zones, siteZone) };
  };
  const start = timeOf('dtstart');
  let end = timeOf('dtend');
  let finish = end?.at;
  if (!end && start) {
    const duration = ev.getFirstPropertyValue('duration') as ICAL.Duration | null;
    if (duration && start.at) finish = new Date(start.at.getTime() + duration.toSeconds() * 1000);
    else if (!duration) end = start; // RFC 5545: no DTEND and no DURATION lasts no time (a day for a date)
  }
  const rid = timeOf('recurrence-id');
  const stamp = ev.getFirstPropertyValue('dtstamp') as ICAL.Time | null;
  const organizerProp = ev.getFirstProperty('organizer');
  const summary = String(ev.getFirstPropertyValue('summary') ?? '').trim();
  const rrule = ev.getFirstProperty('rrule')?.toICALString() ?? '';
  const problem = start && !start.at ? 'its time zone is not one Hotdesk knows'
    : !start ? 'it has no start time' : finish === undefined && !start.t.isDate ? 'its end time cannot be read' : undefined;
  const seq = Number(ev.getFirstPropertyValue('sequence') ?? 0);
  return {
    method, uid,
    sequence: Number.isSafeInteger(seq) && seq >= 0 && seq < 2 ** 31 ? seq : 0,
    dtstamp: stamp && typeof stamp === 'object' ? stamp.toJSDate() : new Date(0),
    start: start?.at, finish,
    allDay: start?.t.isDate ?? false,
    recurring: ev.hasProperty('rrule') || ev.hasProperty('rdate'),
    recurrenceId: events.length === 1 ? rid?.at : undefined,
    organizer: { email: mailto(organizerProp?.getFirstValue()), name: (organizerProp?.getParameter('cn') as string | undefined) ?? undefined },
    summary: summary.slice(0, 200),
    status: String(ev.getFirstPropertyValue('status') ?? '').toUpperCase(),
    contentHash: createHash('sha256').update(`${start?.at?.toISOString()}|${finish?.toISOString()}|${summary}|${rrule}`).digest('base64url'),
    problem,
  };
}
