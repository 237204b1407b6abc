import { describe, expect, it } from 'vitest';
import { forecastMailTemplate } from './forecastMail.js';

/** The forecast mail's words: the same figures in the text and the HTML, suppressed ones never as numbers, names escaped. */
describe('forecastMailTemplate', () => {
  const mail = forecastMailTemplate({
    siteName: 'R&D <Lab>', timeZone: 'Europe/Berlin', minGroupSize: 5, locale: 'en-GB', insightsLink: 'https://desk.example.org/menu/settings/insights?a=1&b=2',
    days: [{ Day: '2030-06-17', BookedAhead: 12, Booked: 14 }, { Day: '2030-06-18', BookedAhead: null, Booked: 5 }],
  });

  it('says each day with both figures, "fewer than N people" for a suppressed one', () => {
    expect(mail.subject).toBe('Forecast for R&D <Lab>: Mon, 17 Jun 2030');
    expect(mail.text).toContain('Mon, 17 Jun 2030 (today): booked ahead 12; booked now 14\nTue, 18 Jun 2030: booked ahead fewer than 5 people; booked now 5');
    expect(mail.text).toContain('days in Europe/Berlin');
    expect(mail.text).toContain('Insights: https://desk.example.org/menu/settings/insights?a=1&b=2');
  });

  it('renders the same table as HTML, escaping the site name and the link', () => {
    expect(mail.html).toContain('Forecast for R&#38;D &#60;Lab&#62;');
    expect(mail.html).not.toContain('<Lab>');
    expect(mail.html).toMatch(/<th scope="row"[^>]*>Tue, 18 Jun 2030<\/th><td[^>]*>fewer than 5 people<\/td><td[^>]*>5<\/td>/);
    expect(mail.html).toContain('href="https://desk.example.org/menu/settings/insights?a=1&#38;b=2"');
  });

  it('names the days in MAIL_LOCALE', () => {
    const de = forecastMailTemplate({ siteName: 'Haus', timeZone: 'Europe/Berlin', minGroupSize: 5, locale: 'de-DE', insightsLink: '/x', days: [{ Day: '2030-06-17', BookedAhead: 5, Booked: 5 }] });
    expect(de.text).toContain('Mo., 17. Juni 2030');
  });
});
