import { formatCalendarDay } from '../../../domain/dateFormat.js';

// Days in the shared format's short form with the year, as the booking mails' subjects ('Mon 17 Jun 2030').

/**
 * The daily forecast mail of a site (issue 25): people booked for today and the next working days, for
 * the catering and cleaning teams behind the site's NotificationEmail. The same figures and wording as
 * the Insights daily table and its CSV: distinct people, desks and rooms together; a figure about fewer
 * people than the minimum group size reads "fewer than N people", never a number. Plain text and an
 * HTML rendering of the same content (escaped, a table with headers), sent together as alternatives.
 */
export interface ForecastDay {
  Day: string; BookedAhead: number | null; Booked: number | null;
  /** The whole site is closed all that day: the closure's reason (its figures are not shown). */
  Closed?: string | null;
}

export interface ForecastMailInput {
  siteName: string;
  timeZone: string;
  minGroupSize: number;
  /** The first is today (the site's date), then the next working days. */
  days: ForecastDay[];
  /** Full link to the Insights screen (or the app path when PUBLIC_URL is unset). */
  insightsLink: string;
  locale: string;
}

export interface ForecastMail { subject: string; text: string; html: string }

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function forecastMailTemplate(m: ForecastMailInput): ForecastMail {
  const figure = (n: number | null) => (n === null ? `fewer than ${m.minGroupSize} people` : String(n));
  const day = (d: string) => formatCalendarDay(d, { locale: m.locale, short: true, withYear: true });
  const today = m.days[0];
  const subject = `Forecast for ${m.siteName}: ${today ? day(today.Day) : ''}`;
  const intro = `People booked at ${m.siteName} (desks and rooms, each person counted once a day; days in ${m.timeZone}).`;
  const privacy = `Groups of fewer than ${m.minGroupSize} people are not counted, to protect their privacy.`;
  const legend = 'Booked ahead: booked before the day began. Booked now: booked when this mail was written.';
  const footer = 'This mail is sent at 06:00 site time on the site\'s booking days because its forecast mail is on; an admin can turn it off on the site\'s page.';
  const text = [
    intro, '',
    ...m.days.map((d, i) => `${day(d.Day)}${i === 0 ? ' (today)' : ''}: ${d.Closed ? `closed (${d.Closed})` : `booked ahead ${figure(d.BookedAhead)}; booked now ${figure(d.Booked)}`}`),
    '', legend, privacy, '', `Insights: ${m.insightsLink}`, '', footer,
  ].join('\n');
  const cell = 'style="padding:4px 12px;border-bottom:1px solid #ccc;text-align:left"';
  const html = [
    '<!doctype html><html lang="en"><body style="font-family:sans-serif;color:#222">',
    `<p>${escapeHtml(intro)}</p>`,
    `<table style="border-collapse:collapse"><caption style="text-align:left;font-weight:bold">${escapeHtml(`Forecast for ${m.siteName}`)}</caption>`,
    `<thead><tr><th scope="col" ${cell}>Day</th><th scope="col" ${cell}>Booked ahead</th><th scope="col" ${cell}>Booked now</th></tr></thead><tbody>`,
    ...m.days.map((d, i) => `<tr><th scope="row" ${cell}>${escapeHtml(day(d.Day))}${i === 0 ? ' (today)' : ''}</th>${d.Closed
      ? `<td colspan="2" ${cell}>${escapeHtml(`Closed (${d.Closed})`)}</td>`
      : `<td ${cell}>${escapeHtml(figure(d.BookedAhead))}</td><td ${cell}>${escapeHtml(figure(d.Booked))}</td>`}</tr>`),
    '</tbody></table>',
    `<p>${escapeHtml(legend)}<br>${escapeHtml(privacy)}</p>`,
    `<p><a href="${escapeHtml(m.insightsLink)}">Open Insights</a></p>`,
    `<p style="color:#555;font-size:small">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
