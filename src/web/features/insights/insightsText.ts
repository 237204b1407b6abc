/** Words and numbers of the insights screen. Dates and times come from the shared formatter (dateFormat.ts). */
import { calendarDayParts, formatMinutes } from '../../../domain/dateFormat.js';
import type { CancellationBucket } from '../../../domain/wire/insights.js';

/** What a suppressed figure reads as: never a number. */
export const fewerThan = (min: number) => `fewer than ${min} people`;

// 1 January 2024 was a Monday: weekday k (1 Monday .. 7 Sunday) is that day + k - 1.
export const weekdayName = (k: number, locale: string) => calendarDayParts(`2024-01-0${k}`, { locale }).weekday;
export const hourLabel = (h: number, locale: string) => formatMinutes(h * 60, { locale });
export const shortDay = (day: string, locale: string) => calendarDayParts(day, { locale }).day;

export const percent = (rate: number, locale: string) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(rate);
export const number = (n: number, locale: string) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(n);

export const CANCELLATION_WORDS: Record<CancellationBucket['Bucket'], string> = {
  afterStart: 'After the start',
  under1h: 'Less than 1 hour before',
  '1to24h': '1 to 24 hours before',
  '1to7d': '1 to 7 days before',
  over7d: 'More than 7 days before',
};

/** The period's CSV of the figures on screen (each chart's table), for a spreadsheet. */
export function figuresCsv(sections: { title: string; header: string[]; rows: (string | number)[][] }[]): string {
  const cell = (v: string | number) => {
    const s = String(v);
    const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return sections.map((s) => [[s.title], s.header, ...s.rows].map((r) => r.map(cell).join(',')).join('\r\n')).join('\r\n\r\n') + '\r\n';
}
