/**
 * Tests' tools for booking a room by inviting it: invitations written with ical.js (a real iCalendar
 * library, not our writer), sent with nodemailer to the real listener on loopback, and the room's
 * answers collected by the project's real SMTP test server (mail/invitationTestKit.ts) and parsed.
 */
import { readFileSync } from 'node:fs';
import ICAL from 'ical.js';
import nodemailer from 'nodemailer';
import type { AppDeps } from '../../deps.js';
import { sendDueMail } from '../mail/mailOutbox.job.js';
import { calendarPart, parseCalendar, type Received } from '../mail/invitationTestKit.js';
import { parseInboundConfig, type InboundConfig } from './inboundConfig.js';
import { processInboundMail } from './inboundMail.job.js';
import { answerScreenChanges } from './invitationFollowUp.js';
import type { InboundLog } from './inboundProcess.service.js';

export const AUTHSERV = 'mx.hq.example';
export const ROOM_PATTERN = 'room-{slug}@book.hq.example';
/** What the organisation's MX stamps on mail whose DKIM signature of hq.example it verified. */
export const DKIM_PASS = `${AUTHSERV}; dkim=pass header.d=hq.example header.s=s1; spf=none`;

export function inboundConfig(extra: Record<string, string> = {}): InboundConfig {
  const { config, problems } = parseInboundConfig({
    INBOUND_SMTP_PORT: '0', INBOUND_SMTP_TRUSTED_RELAYS: '127.0.0.2', INBOUND_AUTHSERV_ID: AUTHSERV,
    INBOUND_ROOM_ADDRESS_PATTERN: ROOM_PATTERN, INBOUND_MAX_MESSAGE_BYTES: '60000', INBOUND_MAX_PER_SENDER_PER_HOUR: '30', ...extra,
  });
  if (!config || problems.length) throw new Error(problems.join('; '));
  return config;
}

export interface InviteSpec {
  method?: 'REQUEST' | 'CANCEL';
  uid: string;
  organizer: string;
  room: string;
  summary?: string;
  /** Wall-clock times 'YYYY-MM-DDTHH:MM' in `tzid` (UTC when tzid is 'UTC'). */
  start: string;
  end: string;
  tzid?: string;
  sequence?: number;
  dtstamp?: string;
  rrule?: string;
  allDay?: boolean;
  recurrenceId?: string;
  /** Wall-clock starts (in tzid) of occurrences left out (EXDATE) or added (RDATE). */
  exdates?: string[];
  rdates?: string[];
  status?: string;
  /** Overriding occurrences in the same object (what Google and Apple send with a changed series). */
  overrides?: Omit<InviteSpec, 'uid' | 'organizer' | 'room' | 'overrides'>[];
}

const timeOf = (s: string, isDate = false) => {
  const [d = '', t = '00:00'] = s.split('T');
  const [year, month, day] = d.split('-').map(Number);
  const [hour, minute] = t.split(':').map(Number);
  return ICAL.Time.fromData(isDate ? { year, month, day, isDate: true } : { year, month, day, hour, minute, second: 0 });
};

/** An iTIP object built with ical.js's component model. */
export function invite(s: InviteSpec): string {
  const cal = new ICAL.Component(['vcalendar', [], []]);
  cal.addPropertyWithValue('prodid', '-//Tests//ical.js//EN');
  cal.addPropertyWithValue('version', '2.0');
  cal.addPropertyWithValue('method', s.method ?? 'REQUEST');
  cal.addSubcomponent(eventOf(s));
  for (const o of s.overrides ?? []) cal.addSubcomponent(eventOf({ ...s, rrule: undefined, exdates: undefined, rdates: undefined, ...o }));
  return cal.toString();
}

function eventOf(s: InviteSpec): ICAL.Component {
  const ev = new ICAL.Component('vevent');
  ev.addPropertyWithValue('uid', s.uid);
  const stamp = ICAL.Time.fromJSDate(new Date(s.dtstamp ?? '2030-04-01T06:00:00Z'), true);
  ev.addPropertyWithValue('dtstamp', stamp);
  const at = (name: string, v: string) => {
    const p = new ICAL.Property(name);
    const t = timeOf(v, s.allDay);
    if (!s.allDay && s.tzid && s.tzid !== 'UTC') p.setParameter('tzid', s.tzid);
    if (!s.allDay && s.tzid === 'UTC') t.zone = ICAL.Timezone.utcTimezone;
    p.setValue(t);
    ev.addProperty(p);
  };
  at('dtstart', s.start);
  at('dtend', s.end);
  if (s.recurrenceId) at('recurrence-id', s.recurrenceId);
  for (const d of s.exdates ?? []) at('exdate', d);
  for (const d of s.rdates ?? []) at('rdate', d);
  if (s.status) ev.addPropertyWithValue('status', s.status);
  ev.addPropertyWithValue('sequence', s.sequence ?? 0);
  ev.addPropertyWithValue('summary', s.summary ?? 'Planning');
  if (s.rrule) ev.addPropertyWithValue('rrule', ICAL.Recur.fromString(s.rrule));
  const org = new ICAL.Property('organizer');
  org.setParameter('cn', 'Sofia Staff');
  org.setValue(`mailto:${s.organizer}`);
  ev.addProperty(org);
  const room = new ICAL.Property('attendee');
  room.setParameter('cutype', 'ROOM');
  room.setParameter('rsvp', 'TRUE');
  room.setParameter('partstat', 'NEEDS-ACTION');
  room.setValue(`mailto:${s.room}`);
  ev.addProperty(room);
  return ev;
}

export interface SendOptions { from: string; to: string; ics?: string; authResults?: string[]; localAddress?: string; text?: string; method?: string }

/** Real SMTP to the listener; resolves with the server's answer or rejects with its refusal. */
export async function sendTo(port: number, o: SendOptions): Promise<unknown> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, ...(o.localAddress ? { localAddress: o.localAddress } : {}) });
  try {
    return await transport.sendMail({
      from: o.from, to: o.to, subject: 'Invitation', text: o.text ?? 'You are invited.',
      headers: (o.authResults ?? []).map((v) => ({ key: 'Authentication-Results', value: v })),
      ...(o.ics ? { icalEvent: { method: o.method ?? 'REQUEST', content: o.ics } } : {}),
    });
  } finally { transport.close(); }
}

/** Sends a stored sample (a whole message) as it is, with an envelope. */
export async function sendRaw(port: number, envelope: { from: string; to: string }, raw: Buffer): Promise<unknown> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  try { return await transport.sendMail({ envelope, raw }); } finally { transport.close(); }
}

export const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

/** Log lines the job writes, kept for assertions. */
export function memoryLog(): InboundLog & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (o, m) => { lines.push(`${m} ${JSON.stringify(o)}`); }, warn: (o, m) => { lines.push(`${m} ${JSON.stringify(o)}`); } };
}

export interface ParsedReply {
  to: string[]; subject: string; partstat: string; comment: string; uid: string; attendee: string; sentBy: string; text: string;
  /** The occurrence answered (ISO, UTC), or undefined for the whole meeting. */
  recurrenceId: string | undefined;
}

/** Runs the job, then the mail job to the SMTP test server; the REPLYs that arrived since `seen`, by UID (the job's workers run side by side). */
export async function processAndCollect(deps: AppDeps, smtp: { url: string; received: Received[] }, log: InboundLog, seen: number): Promise<ParsedReply[]> {
  await processInboundMail(deps, log);
  await answerScreenChanges(deps); // the job that answers changes made in Hotdesk runs beside it
  await sendDueMail({ pool: deps.pool, config: { smtpUrl: smtp.url, mailFrom: deps.config.mailFrom }, now: deps.now, log: { info: () => undefined, warn: () => undefined } });
  return smtp.received.slice(seen).flatMap((m): ParsedReply[] => {
    const part = calendarPart(m.raw);
    if (!/method=REPLY/i.test(part.contentType)) return [];
    const cal = parseCalendar(part.body);
    const ev = cal.events[0]!;
    const att = ev.component.getFirstProperty('attendee')!;
    return [{
      to: m.to, subject: /^Subject: (.*)$/m.exec(m.raw)?.[1] ?? '', uid: ev.uid, text: m.raw,
      partstat: String(att.getParameter('partstat')), attendee: String(att.getFirstValue()), sentBy: String(att.getParameter('sent-by')),
      comment: String(ev.component.getFirstPropertyValue('comment') ?? ''),
      recurrenceId: (ev.component.getFirstPropertyValue('recurrence-id') as ICAL.Time | null)?.toJSDate().toISOString(),
    }];
  }).sort((a, b) => a.uid.localeCompare(b.uid));
}
