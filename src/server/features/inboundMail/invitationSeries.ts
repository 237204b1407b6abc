import ICAL from 'ical.js';
import type { Occurrence } from '../../../domain/recurrence/expandSeries.js';
import { Recurrence, WEEKDAY_CODES, type WeekdayCode } from '../../../domain/recurrence/recurrenceRule.js';
import { toWallClock } from '../../../domain/wallClock.js';
import { instantOf } from './invitationZones.js';

/**
 * The occurrences a repeating invitation asks a room for (issue 23 with issue 22's series), expanded
 * with ical.js: the master's RRULE from DTSTART, plus RDATEs, less EXDATEs, with the overriding
 * VEVENTs (RECURRENCE-ID) of the same object applied (moved, or removed when STATUS:CANCELLED).
 *
 * The rule steps the wall clock of DTSTART's own zone (ical.js iterates "floating" times), and each
 * occurrence's wall clock then becomes an instant in that zone (instantOf: IANA, Windows names, or the
 * object's VTIMEZONE), so a weekly 09:00 stays 09:00 across a clock change, as in the organizer's calendar.
 *
 * Expansion stops at the booking window (`horizon`, the room's advance limit) or after `max`
 * occurrences (SERIES_MAX_OCCURRENCES), whichever comes first: like an Exchange resource mailbox that
 * does not enforce its scheduling horizon, the room accepts what lies within its window and says where
 * it stopped. Occurrences that have already started are left out: only the rest can be booked.
 */
export interface InvitedSeries {
  /** The series' rule in Hotdesk's terms (issue 22's Recurrence), ending on the last day booked. */
  rule: Recurrence;
  occurrences: InvitedOccurrence[];
  /** Why later occurrences are not booked: the booking window or the series limit (undefined: none cut). */
  cut: 'window' | 'limit' | undefined;
}

/** An occurrence, with its RECURRENCE-ID: its start as the organizer's rule gives it (before any override moved it). */
export interface InvitedOccurrence extends Occurrence { recurrenceId: Date }

export class UnbookableSeries extends Error {}

/** Steps of the rule looked at at most: an odd rule that yields few days cannot keep a worker busy. */
const MAX_STEPS = 20_000;
const FREQUENCY = { DAILY: 'Daily', WEEKLY: 'Weekly', MONTHLY: 'Monthly' } as const;
const UNSUPPORTED = 'Hotdesk books rooms for meetings that repeat daily, weekly or monthly (on a date, or on the first to fourth or last weekday of the month); this repeat pattern is not one of them. Book the meetings singly or in Hotdesk.';

const isWeekday = (s: string): s is WeekdayCode => (WEEKDAY_CODES as readonly string[]).includes(s);

/** The rule's shape as issue 22's Recurrence (its end set later), or UnbookableSeries when it has none. */
function shapeOf(recur: ICAL.Recur): Omit<Recurrence, 'Until' | 'Count'> {
  const freq = FREQUENCY[recur.freq as keyof typeof FREQUENCY];
  const parts = recur.parts as Record<string, (string | number)[] | undefined>;
  const known = new Set(['BYDAY', 'BYMONTHDAY', 'BYSETPOS']);
  if (!freq || Object.keys(parts).some((k) => !known.has(k))) throw new UnbookableSeries(UNSUPPORTED);
  const byDay = parts.BYDAY?.map(String) ?? [];
  const byMonthDay = parts.BYMONTHDAY?.map(Number) ?? [];
  const bySetPos = parts.BYSETPOS?.map(Number) ?? [];
  const shape: Omit<Recurrence, 'Until' | 'Count'> = { Frequency: freq, Interval: recur.interval || 1 };
  if (freq !== 'Monthly') {
    if (byMonthDay.length || bySetPos.length || !byDay.every(isWeekday)) throw new UnbookableSeries(UNSUPPORTED);
    return byDay.length ? { ...shape, ByDay: byDay as WeekdayCode[] } : shape;
  }
  if (byMonthDay.length) {
    if (byMonthDay.length > 1 || byDay.length || bySetPos.length) throw new UnbookableSeries(UNSUPPORTED);
    return { ...shape, ByMonthDay: byMonthDay[0]! };
  }
  if (!byDay.length) return shape;
  // "2TU" (Google, Apple) or BYDAY=TU;BYSETPOS=2 (Outlook): one weekday at one position.
  const m = /^([+-]?\d)?([A-Z]{2})$/.exec(byDay[0]!);
  const pos = m?.[1] !== undefined ? Number(m[1]) : bySetPos[0];
  if (byDay.length > 1 || !m || !isWeekday(m[2]!) || pos === undefined || bySetPos.length > 1) throw new UnbookableSeries(UNSUPPORTED);
  return { ...shape, ByDay: [m[2]], BySetPos: pos };
}

interface Slot { start: Date; finish: Date; recurrenceId: Date }

export function expandInvitedSeries(ics: string, siteZone: string, o: { now: Date; horizon: Date | null; max: number }): InvitedSeries {
  const root = new ICAL.Component(ICAL.parse(ics));
  const zones = new Map<string, ICAL.Timezone>();
  for (const c of root.getAllSubcomponents('vtimezone')) {
    const tz = new ICAL.Timezone(c);
    if (tz.tzid) zones.set(tz.tzid, tz);
  }
  const events = root.getAllSubcomponents('vevent');
  const master = events.find((e) => !e.hasProperty('recurrence-id'));
  if (!master) throw new UnbookableSeries('The invitation holds no whole series.');
  const instant = (p: ICAL.Property | null, v?: ICAL.Time): Date | undefined => {
    const t = v ?? (p?.getFirstValue() as ICAL.Time | undefined);
    if (!p || !t || typeof t !== 'object' || !('isDate' in t)) return undefined;
    return instantOf(t, p.getParameter('tzid') as string | undefined, zones, siteZone);
  };
  const slotOf = (ev: ICAL.Component, startValue?: ICAL.Time): Slot | undefined => {
    const startProp = ev.getFirstProperty('dtstart');
    const t0 = (startValue ?? startProp?.getFirstValue()) as ICAL.Time | undefined;
    if (!startProp || !t0) return undefined;
    const endProp = ev.getFirstProperty('dtend');
    const length = endProp ? (endProp.getFirstValue() as ICAL.Time).subtractDate(startProp.getFirstValue() as ICAL.Time)
      : ev.getFirstPropertyValue('duration') as ICAL.Duration | null;
    if (!length) return undefined;
    const end = t0.clone();
    end.addDuration(length);
    const start = instant(startProp, t0);
    const finish = instant(endProp ?? startProp, end);
    return start && finish ? { start, finish, recurrenceId: start } : undefined;
  };

  const startProp = master.getFirstProperty('dtstart');
  const t0 = startProp?.getFirstValue() as ICAL.Time | undefined;
  if (!startProp || !t0 || t0.isDate) throw new UnbookableSeries('The series has no start time.');
  const recur = master.getFirstPropertyValue('rrule') as ICAL.Recur | null;
  const shape = recur ? shapeOf(recur) : { Frequency: 'Daily' as const, Interval: 1 };

  // The rule's starts (DTSTART first, as RFC 5545 counts it), then RDATEs; at most max + 1 within the window.
  const starts: ICAL.Time[] = [];
  let ahead = 0;
  let cut: InvitedSeries['cut'];
  const within = (t: ICAL.Time) => {
    const at = instant(startProp, t);
    return !o.horizon || (at !== undefined && at.getTime() <= o.horizon.getTime());
  };
  if (recur) {
    const it = recur.iterator(t0.clone());
    for (let step = 0, next = it.next(); next && step < MAX_STEPS; step++, next = it.next()) {
      if (!within(next)) { cut = 'window'; break; }
      if (ahead > o.max) break;
      if ((instant(startProp, next)?.getTime() ?? 0) > o.now.getTime()) ahead++;
      starts.push(next.clone());
    }
  } else starts.push(t0.clone());
  for (const p of master.getAllProperties('rdate')) {
    for (const v of p.getValues() as (ICAL.Time | ICAL.Period)[]) {
      const t = v instanceof ICAL.Period ? v.start : v;
      if (within(t)) starts.push(t); else cut = 'window';
    }
  }
  const excluded = new Set(master.getAllProperties('exdate').flatMap((p) =>
    (p.getValues() as ICAL.Time[]).map((t) => instant(p, t)?.getTime())));
  const overrides = new Map(events.filter((e) => e !== master).map((e) => [instant(e.getFirstProperty('recurrence-id'))?.getTime(), e]));

  const byStart = new Map<number, Slot>();
  for (const t of starts) {
    const original = instant(startProp, t);
    if (!original || excluded.has(original.getTime())) continue;
    const override = overrides.get(original.getTime());
    if (override && String(override.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED') continue;
    const slot = override ? slotOf(override) : slotOf(master, t);
    if (!slot) throw new UnbookableSeries('The times of an occurrence cannot be read.');
    byStart.set(original.getTime(), { ...slot, recurrenceId: original });
  }
  let slots = [...byStart.values()].filter((s) => s.start.getTime() > o.now.getTime()).sort((a, b) => a.start.getTime() - b.start.getTime());
  if (slots.length > o.max) { slots = slots.slice(0, o.max); cut = 'limit'; }
  if (slots.length === 0) throw new UnbookableSeries('No occurrence of this series lies ahead within the room\'s booking window.');
  const occurrences = slots.map((s) => ({ date: toWallClock(s.start, siteZone).date, start: s.start, finish: s.finish, recurrenceId: s.recurrenceId }));
  const days = occurrences.map((x) => x.date);
  if (new Set(days).size !== days.length) throw new UnbookableSeries('A repeating booking holds one occurrence a day: this series has two on one day.');
  const rule = Recurrence.safeParse({ ...shape, Until: days[days.length - 1] });
  if (!rule.success) throw new UnbookableSeries(UNSUPPORTED);
  return { rule: rule.data, occurrences, cut };
}

/** The calendar day, on the site's clock, of the occurrence a RECURRENCE-ID names (its original start). */
export const occurrenceDay = (recurrenceId: Date, siteZone: string): string => toWallClock(recurrenceId, siteZone).date;
