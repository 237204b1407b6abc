import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPool } from '../../db/pool.js';
import { insertLocation, insertPublishedFloorplan, insertSite } from '../../testing/fixtures.js';
import { buildTestApp, createTestDatabase, createUser, type TestUser } from '../../testing/testApp.js';
import { sendDueMail } from '../mail/mailOutbox.job.js';
import { forecastDays, forecastJobKey, runForecastMail, type ForecastDeps } from './forecastMail.service.js';

/**
 * The daily forecast mail (issue 25) against a real database, three pools standing for three app
 * instances, and a REAL SMTP server on loopback: who may switch it, when it leaves (06:00 site time,
 * daylight-saving days included), that it leaves once, and what it says (suppression at 4 and 5 people).
 */
interface Received { to: string[]; raw: string }

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let t: Awaited<ReturnType<typeof buildTestApp>>;
let instances: pg.Pool[];
let admin: TestUser, reporter: TestUser, staff: TestUser;
let smtp: SMTPServer; let smtpUrl: string; let received: Received[] = [];
let site: { id: number; locationId: number; floorplanId: number };

const DESKS = Array.from({ length: 8 }, (_, i) => ({ id: `D${i}` }));
// Monday 17 June 2030, 06:05 in London (BST, UTC+1).
const MONDAY_0605 = new Date('2030-06-17T05:05:00Z');
const deps = (pool: pg.Pool, now: Date): ForecastDeps => ({
  pool, now: () => now, config: { publicUrl: new URL('https://desk.example.org/hotdesk/'), mailLocale: 'en-GB' },
});
const runAll = async (now: Date) => (await Promise.all(instances.map((p) => runForecastMail(deps(p, now))))).flat();
const outbox = async () => (await t.pool.query<{ to_address: string; subject: string; body_text: string }>(
  'SELECT to_address, subject, body_text FROM mail_outbox ORDER BY id')).rows;
const setSite = (o: { email?: string; on?: boolean; workWeek?: boolean; tz?: string }) => t.pool.query(
  `UPDATE sites SET notification_email = coalesce($2, notification_email), forecast_mail = coalesce($3, forecast_mail),
     work_week_only = coalesce($4, work_week_only), time_zone = coalesce($5, time_zone) WHERE id = $1`,
  [site.id, o.email ?? null, o.on ?? null, o.workWeek ?? null, o.tz ?? null]);

/** `people` distinct people booked on a desk from 09:00 to 17:00 of the site's day `day`, a week ahead. */
async function bookPeople(day: string, people: number, tz = 'Europe/London'): Promise<void> {
  for (let i = 0; i < people; i++) {
    await t.pool.query(
      `INSERT INTO bookings (site_id, location_id, floorplan_id, desk_id, starts_at, finishes_at, booked_by_user_id, holder_key, status, created_at)
       VALUES ($1, $2, $3, $4, ($5::date + time '09:00') AT TIME ZONE $8, ($5::date + time '17:00') AT TIME ZONE $8, $6, $7, 1, $5::date - 7)`,
      [site.id, site.locationId, site.floorplanId, `D${i}`, day, admin.id, `person${i}.${day}@example.org`, tz]);
  }
}

/** A received message's plain text and HTML alternatives, read by a real mail parser. */
async function partsOf(raw: string): Promise<{ text: string; html: string }> {
  const mail = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true });
  return { text: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : '' };
}

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp({ pool: db.pool, now: MONDAY_0605 });
  instances = [createPool(db.url, 3), createPool(db.url, 3), createPool(db.url, 3)];
  admin = await createUser(t, { roles: ['Admin'] });
  reporter = await createUser(t, { roles: ['Reporting'] });
  staff = await createUser(t);
  const id = await insertSite(t.pool, { title: 'Forecast House', timeZone: 'Europe/London' });
  const locationId = await insertLocation(t.pool, id);
  site = { id, locationId, floorplanId: (await insertPublishedFloorplan(t.pool, locationId, DESKS)).floorplanId };
  smtp = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (c: string) => { raw += c; });
      stream.on('end', () => { received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw }); callback(); });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await new Promise<void>((r) => smtp.close(() => r()));
  await Promise.all(instances.map((p) => p.end()));
  await t.close();
  await db.drop();
});
beforeEach(async () => {
  await t.pool.query('DELETE FROM bookings');
  await t.pool.query('DELETE FROM mail_outbox');
  await t.pool.query('DELETE FROM daily_job_runs');
  await t.pool.query('UPDATE global_settings SET insights_min_group_size = 5');
  await setSite({ email: 'catering@example.org', on: true, workWeek: true, tz: 'Europe/London' });
  await t.pool.query('UPDATE sites SET forecast_mail = false WHERE id <> $1', [site.id]); // the setting tests' sites
  received = [];
});

const put = (who: TestUser | undefined, url: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url, headers: who ? { cookie: who.cookie } : {}, payload: payload as object });
const get = (who: TestUser | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });

describe('the setting: /api/sites/{id}/forecast-mail', () => {
  it('is off for a new site, and only an Admin reads or changes it', async () => {
    const fresh = await insertSite(t.pool, { title: 'Fresh' });
    const url = `/api/sites/${fresh}/forecast-mail`;
    expect((await get(admin, url)).json()).toEqual({ Enabled: false, NotificationEmail: '', Deliverable: false, TimeZone: 'Europe/London' });
    await t.pool.query("UPDATE sites SET notification_email = 'front@example.org' WHERE id = $1", [fresh]);
    const on = await put(admin, url, { Enabled: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ Enabled: true, NotificationEmail: 'front@example.org', Deliverable: true, TimeZone: 'Europe/London' });
    for (const who of [reporter, staff]) {
      expect((await put(who, url, { Enabled: false })).statusCode).toBe(403);
      expect((await get(who, url)).statusCode).toBe(403);
    }
    expect((await put(undefined, url, { Enabled: false })).statusCode).toBe(401);
    expect((await get(admin, url)).json().Enabled).toBe(true);
    // Audited once per change (a repeat changes nothing and records nothing); refusals record nothing.
    expect((await put(admin, url, { Enabled: true })).statusCode).toBe(200);
    expect((await put(admin, url, { Enabled: false })).statusCode).toBe(200);
    const { rows } = await t.pool.query<{ actor_id: number; action: string; target_type: string; target_id: string; changes: unknown }>(
      "SELECT actor_id, action, target_type, target_id, changes FROM audit_log WHERE action = 'forecast.change' ORDER BY id");
    expect(rows).toEqual([
      { actor_id: admin.id, action: 'forecast.change', target_type: 'site', target_id: String(fresh), changes: { ForecastMail: { Before: false, After: true } } },
      { actor_id: admin.id, action: 'forecast.change', target_type: 'site', target_id: String(fresh), changes: { ForecastMail: { Before: true, After: false } } },
    ]);
  });

  it('refuses a bad body, a bad id and an unknown or deleted site', async () => {
    const url = `/api/sites/${site.id}/forecast-mail`;
    const bad = await put(admin, url, { Enabled: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Enabled must be true or false');
    expect((await put(admin, url, {})).statusCode).toBe(400);
    expect((await put(admin, '/api/sites/abc/forecast-mail', { Enabled: true })).statusCode).toBe(400);
    expect((await put(admin, '/api/sites/999999/forecast-mail', { Enabled: true })).statusCode).toBe(404);
    const gone = await insertSite(t.pool, { title: 'Gone' });
    await t.pool.query('UPDATE sites SET deleted_at = now() WHERE id = $1', [gone]);
    expect((await get(admin, `/api/sites/${gone}/forecast-mail`)).statusCode).toBe(404);
  });

  it('says a .invalid address cannot receive the mail', async () => {
    await setSite({ email: 'nobody@closed.invalid' });
    expect((await get(admin, `/api/sites/${site.id}/forecast-mail`)).json()).toMatchObject({ Enabled: true, Deliverable: false });
  });
});

describe('the daily job', () => {
  it('mails today and the next four working days once across three instances, suppressing 4 people and showing 5', async () => {
    await bookPeople('2030-06-17', 5); // Monday: 5 people, shown
    await bookPeople('2030-06-18', 4); // Tuesday: 4 people, suppressed
    await bookPeople('2030-06-22', 6); // Saturday: not a working day of this site, not in the mail
    expect(await runAll(MONDAY_0605)).toEqual([site.id]);
    expect(await runAll(new Date(MONDAY_0605.getTime() + 30 * 60_000))).toEqual([]); // later that morning: already sent
    const queued = await outbox();
    expect(queued).toHaveLength(1);
    expect(queued[0]!.to_address).toBe('catering@example.org');

    expect(await sendDueMail({ pool: t.pool, config: { smtpUrl, mailFrom: 'Hotdesk <hotdesk@hq.example>' }, now: () => MONDAY_0605 })).toEqual({ sent: 1, failed: 0 });
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['catering@example.org']);
    expect(received[0]!.raw).toMatch(/^Subject: Forecast for Forecast House: Mon, 17 Jun 2030/m);
    expect(received[0]!.raw).toMatch(/Content-Type: multipart\/alternative/i);
    const { text, html } = await partsOf(received[0]!.raw);
    // The HTML alternative: the same figures as a table with headers, the small group never as a number.
    expect(html).toContain('<th scope="col" style="padding:4px 12px;border-bottom:1px solid #ccc;text-align:left">Booked ahead</th>');
    expect(html).toMatch(/<th scope="row"[^>]*>Mon, 17 Jun 2030 \(today\)<\/th><td[^>]*>5<\/td><td[^>]*>5<\/td>/);
    expect(html).toMatch(/<th scope="row"[^>]*>Tue, 18 Jun 2030<\/th><td[^>]*>fewer than 5 people<\/td>/);
    expect(html).toContain('<a href="https://desk.example.org/hotdesk/menu/settings/insights">Open Insights</a>');
    expect(html).not.toContain('person0');
    expect(text).toContain('Mon, 17 Jun 2030 (today): booked ahead 5; booked now 5');
    expect(text).toContain('Tue, 18 Jun 2030: booked ahead fewer than 5 people; booked now fewer than 5 people');
    expect(text).toContain('Fri, 21 Jun 2030: booked ahead fewer than 5 people');
    expect(text).not.toContain('22 Jun');
    expect(text).not.toMatch(/booked (ahead|now) 4/);
    expect(text).toContain('Insights: https://desk.example.org/hotdesk/menu/settings/insights');
    expect(text).not.toContain('person0'); // aggregates only
    // Each site's day is claimed once.
    expect((await t.pool.query('SELECT job, done FROM daily_job_runs')).rows).toEqual([{ job: forecastJobKey(site.id), done: 1 }]);
  });

  it('calls a day closed when a whole-site closure covers all of it (yearly ones in every year), not for part of a day', async () => {
    const close = (from: string, to: string, reason: string, yearly = false) => t.pool.query(
      `INSERT INTO closures (site_id, whole_site, starts_at, ends_at, reason, repeats_yearly, created_by) VALUES ($1, true, $2, $3, $4, $5, $6)`,
      [site.id, from, to, reason, yearly, admin.id]);
    // Midsummer, set up a year before as yearly: 19 June local midnight to midnight (BST = UTC+1).
    await close('2029-06-18T23:00:00Z', '2029-06-19T23:00:00Z', 'Summer <party>', true);
    await close('2030-06-20T09:00:00Z', '2030-06-20T13:00:00Z', 'Fire drill'); // part of Thursday only
    try {
      await runAll(MONDAY_0605);
      const body = (await outbox())[0]!.body_text;
      expect(body).toContain('Wed, 19 Jun 2030: closed (Summer <party>)');
      expect(body).toMatch(/Thu, 20 Jun 2030: booked ahead/);
      expect(body).not.toContain('Fire drill');
      expect(await sendDueMail({ pool: t.pool, config: { smtpUrl, mailFrom: 'Hotdesk <hotdesk@hq.example>' }, now: () => MONDAY_0605 })).toEqual({ sent: 1, failed: 0 });
      const { html } = await partsOf(received[0]!.raw);
      expect(html).toMatch(/<th scope="row"[^>]*>Wed, 19 Jun 2030<\/th><td colspan="2"[^>]*>Closed \(Summer &#60;party&#62;\)<\/td>/);
    } finally {
      await t.pool.query('DELETE FROM closures WHERE site_id = $1', [site.id]);
    }
  });

  it('shows 4 people once the minimum group size is 4', async () => {
    await t.pool.query('UPDATE global_settings SET insights_min_group_size = 4');
    await bookPeople('2030-06-18', 4);
    await runAll(MONDAY_0605);
    const body = (await outbox())[0]!.body_text;
    expect(body).toContain('Tue, 18 Jun 2030: booked ahead 4; booked now 4');
    expect(body).toContain('Mon, 17 Jun 2030 (today): booked ahead fewer than 4 people');
  });

  it('waits for 06:00 site time, gives up at noon, and skips the weekend of a work-week site', async () => {
    expect(await runAll(new Date('2030-06-17T04:59:00Z'))).toEqual([]); // 05:59 BST
    expect(await runAll(new Date('2030-06-17T11:00:00Z'))).toEqual([]); // 12:00 BST
    expect(await runAll(new Date('2030-06-22T05:30:00Z'))).toEqual([]); // Saturday 06:30
    expect(await outbox()).toEqual([]);
    await setSite({ workWeek: false });
    expect(await runAll(new Date('2030-06-22T05:30:00Z'))).toEqual([site.id]); // every day for a full-week site
    expect((await outbox())[0]!.body_text).toContain('Sun, 23 Jun 2030');
  });

  it('sends nothing when the mail is off, the site has no address, or the address is .invalid', async () => {
    for (const s of [{ on: false }, { on: true, email: '' }, { email: 'desk@gone.invalid' }, { email: '  ' }]) {
      await setSite(s);
      expect(await runAll(MONDAY_0605), JSON.stringify(s)).toEqual([]);
    }
    expect(await outbox()).toEqual([]);
    expect((await t.pool.query('SELECT 1 FROM daily_job_runs')).rowCount).toBe(0);
  });

  it('leaves at 06:00 local time on both daylight-saving days, with the day counted in local time', async () => {
    await setSite({ workWeek: false });
    // Sunday 30 March 2031: clocks go forward at 01:00 UTC; 06:00 BST is 05:00 UTC.
    await bookPeople('2031-03-30', 5);
    expect(await runAll(new Date('2031-03-30T04:59:00Z'))).toEqual([]);
    expect(await runAll(new Date('2031-03-30T05:00:00Z'))).toEqual([site.id]);
    expect((await outbox())[0]!.body_text).toContain('Sun, 30 Mar 2031 (today): booked ahead 5; booked now 5');
    // Sunday 26 October 2031: clocks go back at 01:00 UTC; 06:00 GMT is 06:00 UTC.
    await bookPeople('2031-10-26', 5);
    expect(await runAll(new Date('2031-10-26T05:30:00Z'))).toEqual([]);
    expect(await runAll(new Date('2031-10-26T06:00:00Z'))).toEqual([site.id]);
    expect((await outbox())[1]!.body_text).toContain('Sun, 26 Oct 2031 (today): booked ahead 5; booked now 5');
  });

  it('a site far from UTC is mailed on its own day (Sydney, 06:00 is 20:00 UTC the day before)', async () => {
    await setSite({ tz: 'Australia/Sydney' });
    expect(await runAll(new Date('2030-06-16T20:00:00Z'))).toEqual([site.id]); // Monday 17 June 06:00 AEST
    expect((await outbox())[0]!.subject).toBe('Forecast for Forecast House: Mon, 17 Jun 2030');
  });
});

describe('forecastDays', () => {
  it('counts working days from today', () => {
    expect(forecastDays('2030-06-20', 4, true)).toEqual(['2030-06-20', '2030-06-21', '2030-06-24', '2030-06-25', '2030-06-26']);
    expect(forecastDays('2030-06-22', 6, false, 3)).toEqual(['2030-06-22', '2030-06-23', '2030-06-24']);
  });
});
