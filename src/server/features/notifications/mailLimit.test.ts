import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestUser } from '../../testing/testApp.js';
import { sendDueMail } from '../mail/mailOutbox.job.js';
import { call, createOrg, london, mailRows, NOW, resetBookings, type Org } from '../roomBooking/roomBookingTestKit.js';
import { chargeMail, MAIL_LIMIT_PER_HOUR, mailSender, tooManyMailsMessage } from './mailLimit.js';

/**
 * Issue 18: the mail a person's actions send to other people is limited per hour, counted in
 * PostgreSQL. The limit is lowered through deps.mailLimitPerHour; mail goes to a real SMTP server.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>;
let o: Org;
let smtp: SMTPServer;
let smtpUrl: string;
let received: string[] = [];

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  o = await createOrg(t);
  smtp = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => { received.push(...session.envelope.rcptTo.map((r) => r.address.toLowerCase())); callback(); });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => smtp.close(() => r()));
  await t.dropDatabase();
});
beforeEach(async () => {
  t.setNow(NOW);
  t.deps.mailLimitPerHour = 3;
  await resetBookings(t);
  await t.pool.query('DELETE FROM mail_sent_by');
  received = [];
});

const bookRoom = (app: Pick<typeof t, 'app'>, who: TestUser, day: number, body: Record<string, unknown> = {}) =>
  call(app, who, 'POST', '/api/bookings/room', { RoomId: o.thames, Description: 'Team sync', Start: london(day, '09:00'), Finish: london(day, '10:00'), ...body });
const count = async (sql: string) => (await t.pool.query<{ n: number }>(sql)).rows[0]!.n;

describe('mail to other people, per person and hour', () => {
  it('is 100 an hour unless lowered', () => {
    expect(MAIL_LIMIT_PER_HOUR).toBe(100);
    expect(mailSender({ now: () => NOW }, { id: 1, email: 'a@b.example' }).limitPerHour).toBe(100);
  });

  it('refuses the booking (429, clear message) that would go over, saving and mailing nothing; own mail is not counted', async () => {
    for (const day of [2, 3, 4]) expect((await bookRoom(t, o.staff, day, { OnBehalfOfEmail: 'guest@example.org' })).statusCode).toBe(201);
    const refused = await bookRoom(t, o.staff, 5, { OnBehalfOfEmail: 'guest@example.org' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ Error: tooManyMailsMessage(3), Code: 'TOO_MANY_ATTEMPTS' });
    expect(refused.json().Error).toBe('You have reached the limit of 3 e-mails an hour that your actions may send to other people. Nothing was saved. Please try again later.');
    expect(await count('SELECT count(*)::int AS n FROM bookings')).toBe(3);
    // Booking for themselves mails only them: not limited.
    for (const day of [5, 8, 9]) expect((await bookRoom(t, o.staff, day)).statusCode).toBe(201);
    // The limit is the person's: someone else may still book for the guest.
    expect((await bookRoom(t, o.other, 10, { OnBehalfOfEmail: 'guest@example.org' })).statusCode).toBe(201);
    // What reaches the mail server: 3 + 1 notices for the guest, none for the refused booking.
    await sendDueMail({ pool: t.pool, config: { smtpUrl, mailFrom: 'Hotdesk <hotdesk@hq.example>' }, now: () => NOW, log: { info: () => undefined, warn: () => undefined } });
    expect(received.filter((a) => a === 'guest@example.org')).toHaveLength(4);
    expect(received.filter((a) => a === 'staff@hq.example')).toHaveLength(6);
  });

  it('is a sliding hour: the allowance comes back as the oldest mail turns an hour old', async () => {
    for (const [day, minute] of [[2, 0], [3, 20], [4, 40]] as const) {
      t.setNow(new Date(NOW.getTime() + minute * 60_000));
      expect((await bookRoom(t, o.staff, day, { OnBehalfOfEmail: 'guest@example.org' })).statusCode).toBe(201);
    }
    t.setNow(new Date(NOW.getTime() + 59 * 60_000));
    expect((await bookRoom(t, o.staff, 5, { OnBehalfOfEmail: 'guest@example.org' })).statusCode).toBe(429);
    t.setNow(new Date(NOW.getTime() + 61 * 60_000));
    expect((await bookRoom(t, o.staff, 5, { OnBehalfOfEmail: 'guest@example.org' })).statusCode).toBe(201);
    expect((await bookRoom(t, o.staff, 8, { OnBehalfOfEmail: 'guest@example.org' })).statusCode).toBe(429);
  });

  it("counts a request's mail to the room's approvers and the site's address", async () => {
    // Boardroom: approver, facilities (team) and rooms@hq.example are told: 3 mails.
    expect((await bookRoom(t, o.staff, 2, { RoomId: o.boardroom })).statusCode).toBe(201);
    expect((await bookRoom(t, o.staff, 3, { RoomId: o.boardroom })).statusCode).toBe(429);
    expect((await bookRoom(t, o.staff, 3, { OnBehalfOfEmail: 'guest@example.org' })).statusCode).toBe(429);
  });

  it('an action whose clock reads earlier but that takes the lock later still counts every mail of its hour', async () => {
    const by = (minutes: number) => ({ userId: o.staff.id, email: 'staff@hq.example', at: new Date(NOW.getTime() + minutes * 60_000), limitPerHour: 3 });
    await chargeMail(t.pool, by(0), ['a@example.org', 'b@example.org', 'c@example.org']);
    // Its hour no longer holds the first three: allowed, and they must not be forgotten for the next one.
    await chargeMail(t.pool, by(61), ['d@example.org']);
    // Started at minute 59 (another instance, or a slow request): its hour holds all four.
    await expect(chargeMail(t.pool, by(59), ['e@example.org'])).rejects.toThrow(tooManyMailsMessage(3));
    // Mail to oneself is free, however late.
    await chargeMail(t.pool, by(59), ['STAFF@hq.example']);
    expect(await count('SELECT coalesce(sum(mails), 0)::int AS n FROM mail_sent_by')).toBe(4);
  });

  it('many actions of one person at once use exactly the allowance (the lock per person)', async () => {
    t.deps.mailLimitPerHour = 5;
    const answers = await Promise.all([2, 3, 4, 5, 8, 9, 10, 11, 12, 15, 16, 17].map((day) =>
      bookRoom(t, o.staff, day, { OnBehalfOfEmail: 'guest@example.org' })));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(7);
    expect(await count("SELECT count(*)::int AS n FROM mail_outbox WHERE to_address = 'guest@example.org'")).toBe(5);
  });

  it('counts the mail of a change, and refuses the change (nothing changed) over the limit', async () => {
    t.deps.mailLimitPerHour = 1;
    const b = (await bookRoom(t, o.staff, 2, { OnBehalfOfEmail: 'guest@example.org' })).json();
    await t.pool.query('DELETE FROM mail_outbox');
    const res = await call(t, o.staff, 'POST', `/api/bookings/${b.Id}`, { Description: 'Renamed' });
    expect(res.statusCode).toBe(429);
    expect((await t.pool.query('SELECT description FROM bookings WHERE id = $1', [b.Id])).rows[0].description).toBe('Team sync');
    expect(await mailRows(t)).toEqual([]);
  });

  it('is counted in PostgreSQL: two instances at once share one allowance, exactly', async () => {
    const t2 = await buildTestApp({ pool: t.pool, now: NOW });
    t2.deps.mailLimitPerHour = 3;
    try {
      const answers = await Promise.all([2, 3, 4, 5, 8, 9].map((day, i) =>
        bookRoom(i % 2 === 0 ? t : t2, o.staff, day, { OnBehalfOfEmail: 'guest@example.org' })));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 429, 429, 429]);
      expect(await count("SELECT count(*)::int AS n FROM mail_outbox WHERE to_address = 'guest@example.org'")).toBe(3);
      expect(await count('SELECT coalesce(sum(mails), 0)::int AS n FROM mail_sent_by')).toBe(3);
    } finally {
      await t2.close();
    }
  });
});
