/**
 * Tests' view of calendar objects, through ical.js (a real iCalendar parser, not our writer's rules):
 * the VCALENDAR's METHOD, its VEVENTs' properties and parameters, and a repeating event expanded.
 * Also a real SMTP server on loopback that collects what the mail job sends.
 */
import type { AddressInfo } from 'node:net';
import ICAL from 'ical.js';
import { SMTPServer } from 'smtp-server';

export interface ParsedEvent {
  uid: string; sequence: number; status: string; summary: string; location: string; description: string;
  start: Date; finish: Date; startTzid: string | null;
  organizer: string; organizerCn: string | null;
  attendees: { value: string; partstat: string; role: string }[];
  rrule: string | null; exdates: Date[]; recurrenceId: Date | null;
  component: ICAL.Component;
}

export interface ParsedCalendar { method: string | null; events: ParsedEvent[]; root: ICAL.Component }

/** Parses an object; its VTIMEZONEs are registered so zoned times become the right instants. */
export function parseCalendar(ics: string): ParsedCalendar {
  const root = new ICAL.Component(ICAL.parse(ics));
  for (const tz of root.getAllSubcomponents('vtimezone')) {
    const zone = new ICAL.Timezone(tz);
    if (!ICAL.TimezoneService.has(zone.tzid)) ICAL.TimezoneService.register(zone);
  }
  const str = (c: ICAL.Component, name: string) => { const v = c.getFirstPropertyValue(name); return v === null ? '' : String(v); };
  const events = root.getAllSubcomponents('vevent').map((c): ParsedEvent => {
    const ev = new ICAL.Event(c);
    const org = c.getFirstProperty('organizer');
    const rid = c.getFirstPropertyValue('recurrence-id') as ICAL.Time | null;
    const rr = c.getFirstPropertyValue('rrule') as ICAL.Recur | null;
    return {
      uid: ev.uid, sequence: ev.sequence, status: str(c, 'status'), summary: ev.summary, location: ev.location, description: ev.description,
      start: ev.startDate.toJSDate(), finish: ev.endDate.toJSDate(),
      startTzid: (c.getFirstProperty('dtstart')?.getParameter('tzid') as string | undefined) ?? null,
      organizer: String(org?.getFirstValue() ?? ''), organizerCn: (org?.getParameter('cn') as string | undefined) ?? null,
      attendees: c.getAllProperties('attendee').map((p) => ({ value: String(p.getFirstValue()), partstat: String(p.getParameter('partstat')), role: String(p.getParameter('role')) })),
      rrule: rr ? rr.toString() : null,
      exdates: c.getAllProperties('exdate').flatMap((p) => p.getValues() as ICAL.Time[]).map((t) => t.toJSDate()),
      recurrenceId: rid ? rid.toJSDate() : null,
      component: c,
    };
  });
  return { method: (root.getFirstPropertyValue('method') as string | null) ?? null, events, root };
}

/** The starts of a repeating event as a calendar shows them (RRULE less EXDATE, moved occurrences applied). */
export function expandStarts(cal: ParsedCalendar, uid: string, limit = 2000): Date[] {
  const all = cal.events.filter((e) => e.uid === uid);
  const master = all.find((e) => e.recurrenceId === null);
  if (!master) return [];
  const event = new ICAL.Event(master.component);
  for (const ex of all.filter((e) => e.recurrenceId !== null)) event.relateException(new ICAL.Event(ex.component));
  const it = event.iterator();
  const starts: Date[] = [];
  for (let next = it.next(); next && starts.length < limit; next = it.next()) {
    starts.push(event.getOccurrenceDetails(next).startDate.toJSDate());
  }
  return starts;
}

export interface Received { to: string[]; raw: string }

/**
 * A real SMTP server on loopback; `received` fills as mail arrives, and `onMessage` (a benchmark's
 * counter) sees each message as it arrives.
 */
export async function startSmtp(onMessage?: (message: Received) => void): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const smtp = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (c: string) => { raw += c; });
      stream.on('end', () => {
        const message = { to: session.envelope.rcptTo.map((r) => r.address), raw };
        received.push(message);
        onMessage?.(message);
        callback();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`, received,
    close: () => new Promise<void>((r) => smtp.close(() => r())),
  };
}

/** The decoded text of a message's text/calendar part ('' when it has none) and the part's Content-Type. */
export function calendarPart(raw: string): { contentType: string; body: string } {
  const m = /Content-Type: (text\/calendar[^\r\n]*(?:\r?\n[ \t][^\r\n]*)*)\r?\n((?:[^\r\n]+\r?\n)*)\r?\n([\s\S]*?)\r?\n--/i.exec(raw);
  if (!m) return { contentType: '', body: '' };
  const [, contentType = '', headers = '', body = ''] = m;
  const type = contentType.replace(/\r?\n[ \t]+/g, ' ');
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return { contentType: type, body: Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') };
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return { contentType: type, body: Buffer.from(bytes, 'latin1').toString('utf8') };
  }
  return { contentType: type, body };
}
