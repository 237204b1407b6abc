/**
 * The content-line rules of iCalendar (RFC 5545 §3.1, §3.3): TEXT escaping, UTC and local date-times,
 * and folding at 75 octets (counted in UTF-8, never splitting a character). Every calendar object
 * Hotdesk writes goes through these (calendarObject.ts).
 */
export const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;
// eslint-disable-next-line no-control-regex -- the ASCII range, control characters included
const ASCII = /^[\x00-\x7f]*$/;

/** RFC 5545 TEXT: backslash, newline, semicolon and comma escaped. */
export const icsText = (s: string) => s.replace(/\\/g, '\\\\').replace(/\r?\n/g, '\\n').replace(/;/g, '\\;').replace(/,/g, '\\,');

/** A parameter value (CN=...): quoted, since a name may hold commas or colons; quotes cannot be escaped, so they go. */
export const icsParam = (s: string) => `"${s.replace(/["\r\n]/g, '')}"`;

/** 20300402T080000Z */
export function icsUtc(d: Date): string {
  const iso = d.toISOString();
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

/**
 * The zone's offset from UTC in minutes at `ms`, cached per zone and quarter hour: every zone changes
 * its offset on a quarter hour, so one Intl lookup serves every booking that starts in the same slot
 * (a calendar object is written for every room booking: TZDate took ~20 µs a time, this ~0.2 µs).
 */
const QUARTER_HOUR_MS = 900_000;
const offsets = new Map<string, number>();
const offsetFormats = new Map<string, Intl.DateTimeFormat>();
function offsetMinutes(ms: number, timeZone: string): number {
  const key = `${timeZone}|${Math.floor(ms / QUARTER_HOUR_MS)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    let format = offsetFormats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
      offsetFormats.set(timeZone, format);
    }
    const slot = Math.floor(ms / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
    const p = Object.fromEntries(format.formatToParts(new Date(slot)).map((x) => [x.type, Number(x.value)]));
    offset = Math.round((Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!) - slot) / 60_000);
    if (offsets.size > 50_000) offsets.clear(); // bounded: a long-running server sees many slots
    offsets.set(key, offset);
  }
  return offset;
}

/** 20300402T090000: what the clock in `timeZone` shows at `d` (for DTSTART;TZID=...). Whole seconds. */
export function icsLocal(d: Date, timeZone: string): string {
  const local = icsUtc(new Date(d.getTime() + offsetMinutes(d.getTime(), timeZone) * 60_000));
  return local.slice(0, -1);
}

/** UTF-8 octets of one code point (a string of one or two UTF-16 units). */
const octets = (ch: string) => {
  if (ch.length === 2) return 4;
  const c = ch.charCodeAt(0);
  return c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
};

/** A content line folded so no line is longer than 75 octets; a continuation starts with a tab. */
export function foldLine(line: string): string {
  // Three octets a UTF-16 unit at most: a short line needs no counting; nor a short one of plain ASCII.
  if (line.length * 3 <= MAX_LINE_OCTETS || (line.length <= MAX_LINE_OCTETS && ASCII.test(line))) return line;
  const parts: string[] = [];
  let part = '', used = 0, limit = MAX_LINE_OCTETS;
  for (const ch of line) {
    const n = octets(ch);
    if (used + n > limit) {
      parts.push(part);
      part = '';
      used = 0;
      limit = MAX_LINE_OCTETS - 1; // the tab that starts a continuation counts
    }
    part += ch;
    used += n;
  }
  parts.push(part);
  return parts.join(`${CRLF}\t`);
}
