/**
 * The one place dates and times become text (issue 20, point 6), for screens, CSV files and mail.
 *
 * The rule: the ORDER and the NAMES follow a locale (on screens the person's browser language,
 * navigator.language; in mail the configured MAIL_LOCALE), the VALUES follow a time zone (a
 * booking's site's). Two lengths: long on wide screens, short under 768 px (SPEC 2.10). Whether
 * times read 09:00 or 9:00 AM is the locale's own choice. Pure Intl: no date library, no locale
 * data to ship (the browser and Node carry it), so web and server share this file.
 *
 * CSV files are for machines first: isoWithOffset writes an instant as ISO 8601 with the site's
 * offset (2026-11-24T09:00:00+00:00, +01:00 in British summer time).
 */
export type DateLike = Date | string | number;

export interface DateFormatOptions {
  /** BCP 47 language tag ('en-GB', 'de-DE'); by default the browser's, or FALLBACK_LOCALE without one. */
  locale?: string;
  /** IANA zone (a site's) whose wall clock gives the values; by default the runtime's own. */
  timeZone?: string;
  /** The short form used under 768 px (SPEC 2.10). */
  short?: boolean;
  /** Short form only: name the year even in this year (date fields, where the year matters). */
  withYear?: boolean;
  /** 'Now', for deciding whether the short form can leave out the year (tests pass a fixed one). */
  now?: Date;
}

/** Used where no language is known (server code without MAIL_LOCALE, a browser without navigator). */
export const FALLBACK_LOCALE = 'en-GB';

/**
 * The browser's language. On the server (Node 21+ has a `navigator` too) callers always pass a
 * locale, so the host's language never leaks into mail or CSV.
 */
export function defaultLocale(): string {
  const nav = (globalThis as { navigator?: { language?: string } }).navigator;
  return supportedLocale(nav?.language) ?? FALLBACK_LOCALE;
}

const supported = new Map<string, string | undefined>();
/**
 * The tag itself when Intl knows it (well formed and with data), else undefined. Remembered per tag:
 * every formatting call asks it of the browser's language, and Intl's look-up took ~10 ms of a phone's
 * CPU per 100 calls (the room page labels 90 times as it opens: issue 19, point 7).
 */
export function supportedLocale(tag: string | undefined | null): string | undefined {
  if (!tag) return undefined;
  if (supported.has(tag)) return supported.get(tag);
  let known: string | undefined;
  try {
    known = Intl.DateTimeFormat.supportedLocalesOf([tag])[0];
  } catch {
    known = undefined; // not a well-formed tag
  }
  if (supported.size < 100) supported.set(tag, known);
  return known;
}

const cache = new Map<string, Intl.DateTimeFormat>();
/** One formatter per locale, zone and form: building one costs ~50x formatting with it. */
function formatter(locale: string, timeZone: string | undefined, key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${locale}|${timeZone ?? ''}|${key}`;
  let f = cache.get(id);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    if (cache.size > 2000) cache.clear();
    cache.set(id, f);
  }
  return f;
}

const toDate = (d: DateLike): Date => (d instanceof Date ? d : new Date(d));
const valid = (d: Date) => !Number.isNaN(d.getTime());
const localeOf = (o: { locale?: string }) => o.locale ?? defaultLocale();

const twelveHour = new Map<string, boolean>();
/**
 * True when the locale writes times on a 12-hour clock (en-US: 9:00 AM), false for 24 hours (09:00).
 * Remembered per locale: every time formatted asks it, and resolvedOptions() builds a new object each
 * call (~13 us: a fifth of formatting a booking's range in its confirmation mail, in a CPU profile).
 */
export function uses12Hour(locale: string): boolean {
  let twelve = twelveHour.get(locale);
  if (twelve === undefined) {
    const cycle = formatter(locale, 'UTC', 'cycle', { hour: 'numeric' }).resolvedOptions().hourCycle;
    twelve = cycle === 'h11' || cycle === 'h12';
    if (twelveHour.size < 100) twelveHour.set(locale, twelve);
  }
  return twelve;
}

// 24-hour clocks get a leading zero (09:00, so times line up); 12-hour ones do not (9:00 AM).
const timeParts = (locale: string): Intl.DateTimeFormatOptions =>
  ({ hour: uses12Hour(locale) ? 'numeric' : '2-digit', minute: '2-digit' });
const LONG_DAY: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' };
const SHORT_DAY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' };
const SHORT_DAY_YEAR: Intl.DateTimeFormatOptions = { ...SHORT_DAY, year: 'numeric' };

/** The day options for `date`: long, or short with the year only when it is not this year. */
function dayParts(date: Date, o: DateFormatOptions, locale: string): [string, Intl.DateTimeFormatOptions] {
  if (!o.short) return ['long', LONG_DAY];
  const year = formatter(locale, o.timeZone, 'year', { year: 'numeric', numberingSystem: 'latn' });
  const sameYear = !o.withYear && year.format(date) === year.format(o.now ?? new Date());
  return sameYear ? ['short', SHORT_DAY] : ['shortYear', SHORT_DAY_YEAR];
}

/** 'Tuesday, 12 March 2030' / short 'Tue 12 Mar' (en-GB); 'Tuesday, March 12, 2030' (en-US). */
export function formatDay(d: DateLike, o: DateFormatOptions = {}): string {
  const date = toDate(d);
  if (!valid(date)) return '';
  const locale = localeOf(o);
  const [key, parts] = dayParts(date, o, locale);
  return formatter(locale, o.timeZone, key, parts).format(date);
}

/** '09:30' (en-GB, de-DE) or '9:30 AM' (en-US). */
export function formatTime(d: DateLike, o: Pick<DateFormatOptions, 'locale' | 'timeZone'> = {}): string {
  const date = toDate(d);
  if (!valid(date)) return '';
  const locale = localeOf(o);
  return formatter(locale, o.timeZone, 'time', timeParts(locale)).format(date);
}

/** 'Tuesday, 12 March 2030 at 09:30' / short 'Tue 12 Mar, 09:30': the locale joins the two. */
export function formatDayTime(d: DateLike, o: DateFormatOptions = {}): string {
  const date = toDate(d);
  if (!valid(date)) return '';
  const locale = localeOf(o);
  const [key, parts] = dayParts(date, o, locale);
  return formatter(locale, o.timeZone, `${key}+time`, { ...parts, ...timeParts(locale) }).format(date);
}

/**
 * A booking's span, as the locale writes a range: 'Tuesday, 12 March 2030, 09:30–17:00', both days
 * in full when they differ ('… at 09:30 – Wednesday, 13 March 2030 at 17:00').
 */
export function formatRange(start: DateLike, end: DateLike, o: DateFormatOptions = {}): string {
  const a = toDate(start), b = toDate(end);
  if (!valid(a) || !valid(b)) return '';
  if (b < a) return `${formatDayTime(a, o)} – ${formatDayTime(b, o)}`; // formatRange throws on reversed ranges
  const locale = localeOf(o);
  const [key, parts] = dayParts(a, o, locale);
  return formatter(locale, o.timeZone, `${key}+time`, { ...parts, ...timeParts(locale) }).formatRange(a, b);
}

/** A calendar view's span of days: '15–21 Apr 2030' (en-GB), 'Apr 15 – 21, 2030' (en-US). */
export function formatDaySpan(start: DateLike, end: DateLike, o: Pick<DateFormatOptions, 'locale' | 'timeZone'> = {}): string {
  const a = toDate(start), b = toDate(end);
  if (!valid(a) || !valid(b) || b < a) return '';
  return formatter(localeOf(o), o.timeZone, 'span', { day: 'numeric', month: 'short', year: 'numeric' }).formatRange(a, b);
}

/** A month view's title: 'April 2030'. */
export function formatMonth(d: DateLike, o: Pick<DateFormatOptions, 'locale' | 'timeZone'> = {}): string {
  const date = toDate(d);
  return valid(date) ? formatter(localeOf(o), o.timeZone, 'month', { month: 'long', year: 'numeric' }).format(date) : '';
}

/** A weekday's short name: 'Wed' (en-GB, en-US), 'Mi.' (de-DE). */
export function formatWeekday(d: DateLike, o: Pick<DateFormatOptions, 'locale' | 'timeZone'> = {}): string {
  const date = toDate(d);
  return valid(date) ? formatter(localeOf(o), o.timeZone, 'weekday', { weekday: 'short' }).format(date) : '';
}

/** A week column's heading: 'Wed 17' (en-GB), '17 Wed' (en-US), 'Mi., 17.' (de-DE). */
export function formatWeekdayDay(d: DateLike, o: Pick<DateFormatOptions, 'locale' | 'timeZone'> = {}): string {
  const date = toDate(d);
  return valid(date) ? formatter(localeOf(o), o.timeZone, 'weekdayDay', { weekday: 'short', day: 'numeric' }).format(date) : '';
}

const noonUtc = (date: string): Date | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12)) : null;
};

/**
 * A calendar day given as YYYY-MM-DD (report bounds, the desk date strip), in the same words as
 * formatDay; no time zone is involved (the day is already a site's wall-clock day).
 */
export function formatCalendarDay(date: string, o: Omit<DateFormatOptions, 'timeZone'> = {}): string {
  const at = noonUtc(date);
  return at ? formatDay(at, { ...o, timeZone: 'UTC' }) : '';
}

/** The parts of a calendar day for a compact strip: { weekday: 'Tue', day: '12 Mar' } (en-GB). */
export function calendarDayParts(date: string, o: Pick<DateFormatOptions, 'locale'> = {}): { weekday: string; day: string } {
  const at = noonUtc(date);
  if (!at) return { weekday: '', day: '' };
  const locale = localeOf(o);
  return {
    weekday: formatter(locale, 'UTC', 'weekday', { weekday: 'short' }).format(at),
    day: formatter(locale, 'UTC', 'dayMonth', { day: 'numeric', month: 'short' }).format(at),
  };
}

/** A time of day given as minutes since midnight (the pickers' values): '09:15' or '9:15 AM'. */
export function formatMinutes(minutes: number, o: Pick<DateFormatOptions, 'locale'> = {}): string {
  return formatTime(Date.UTC(2000, 0, 1, 0, minutes), { ...o, timeZone: 'UTC' });
}

/**
 * How the locale writes a date in digits, for typing into a date field: its order and separators
 * as a dayjs format ('DD/MM/YYYY' en-GB, 'MM/DD/YYYY' en-US, 'DD.MM.YYYY' de-DE).
 */
export function numericDatePattern(locale: string): string {
  const parts = formatter(locale, 'UTC', 'numeric', { day: '2-digit', month: '2-digit', year: 'numeric', numberingSystem: 'latn' })
    .formatToParts(new Date(Date.UTC(2030, 11, 31)));
  return parts.map((p) => {
    if (p.type === 'day') return 'DD';
    if (p.type === 'month') return 'MM';
    if (p.type === 'year') return 'YYYY';
    return p.type === 'literal' ? p.value.replace(/[A-Za-z[\]]+/g, (s) => `[${s}]`) : '';
  }).join('');
}

/**
 * A date typed in the locale's digit order (numericDatePattern), or as YYYY-MM-DD, as YYYY-MM-DD;
 * null when it is not a real calendar day. Any non-digits separate (12/3/2030, 12.03.2030, 12 3 2030).
 */
export function parseNumericDate(text: string, locale: string): string | null {
  const s = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  const groups = iso ? [iso[1], iso[2], iso[3]] : s.match(/\d+/g);
  if (!groups || groups.length !== 3) return null;
  const order = iso ? ['YYYY', 'MM', 'DD'] : (numericDatePattern(locale).match(/YYYY|MM|DD/g) ?? []);
  const at = (k: string) => Number(groups[order.indexOf(k)]);
  const [y, m, d] = [at('YYYY'), at('MM'), at('DD')];
  if (!(y >= 1000 && y <= 9999)) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** The offset of `timeZone` at `d` as '+01:00' / '-05:00' / '+00:00'. */
function offsetAt(d: Date, timeZone: string): string {
  const name = formatter('en-US', timeZone, 'offset', { timeZoneName: 'longOffset' }).formatToParts(d)
    .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-]\d{2}):?(\d{2})?/.exec(name);
  return m ? `${m[1]}:${m[2] ?? '00'}` : '+00:00';
}

/** Wall-clock parts of `d` in `timeZone`, in Latin digits. */
function wallParts(d: Date, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  const f = formatter('en-US', timeZone, 'iso', {
    year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', numberingSystem: 'latn',
  });
  const p: Record<string, string> = {};
  for (const part of f.formatToParts(d)) p[part.type] = part.value;
  return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour === '24' ? '00' : p.hour!, minute: p.minute!, second: p.second! };
}

/** CSV files: '2026-11-24T09:00:00+00:00', the site's wall clock with its offset (+01:00 in summer). */
export function isoWithOffset(d: DateLike, timeZone: string): string {
  const date = toDate(d);
  if (!valid(date)) return '';
  const p = wallParts(date, timeZone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${offsetAt(date, timeZone)}`;
}
