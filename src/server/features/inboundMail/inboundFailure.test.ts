import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/testApp.js';
import { createOrg, NOW, resetBookings, type Org } from '../roomBooking/roomBookingTestKit.js';
import { startInboundListener, type InboundListener } from './inboundListener.js';
import { claimMessages } from './inboundMail.repo.js';
import { processInboundMail } from './inboundMail.job.js';
import { DKIM_PASS, inboundConfig, invite, memoryLog, sendTo } from './inboundTestKit.js';

/**
 * Failures that are not the invitation's, on one instance among several.
 *
 * A message whose processing fails for a reason that is not the invitation's (here the mail outbox
 * refuses the room's answer, as a bug or a broken database would) is marked failed while this job still
 * holds its claim: another instance's job, claiming at that moment, must not get it, or the message
 * would be processed twice and one outcome overwrite the other. Real listener, real database; a trigger
 * holds the failure mark on an advisory lock so the moment between the failure and the mark is seen.
 *
 * Two instances booking one slot at the same moment can deadlock in PostgreSQL (the exclusion
 * constraint's checks). That is nobody's refusal: the invitation must be tried again, never declined
 * with "Someone else changed this at the same moment". Here a trigger on bookings raises PostgreSQL's
 * real deadlock error (40P01) the first times only (a sequence counts: sequences are not rolled back).
 */
let t: TestApp & { dropDatabase: () => Promise<void> };
let org: Org;
let listener: InboundListener;
const log = memoryLog();
const THAMES = 'room-thames@book.hq.example';
const MARK_LOCK = 4711;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  org = await createOrg(t);
  t.deps.config.inbound = inboundConfig();
  listener = await startInboundListener(t.pool, t.deps.config.inbound, log);
});
afterAll(async () => { await listener?.close(); await t?.dropDatabase(); });

const deadlockTimes = async (times: number) => {
  await t.pool.query('DROP TRIGGER IF EXISTS deadlock_first ON bookings');
  await t.pool.query('DROP SEQUENCE IF EXISTS deadlock_tries');
  await t.pool.query('CREATE SEQUENCE deadlock_tries');
  await t.pool.query(`CREATE OR REPLACE FUNCTION deadlock_first() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN IF nextval('deadlock_tries') <= ${times} THEN RAISE EXCEPTION 'deadlock detected' USING ERRCODE = '40P01'; END IF; RETURN NEW; END $$`);
  await t.pool.query('CREATE TRIGGER deadlock_first BEFORE INSERT ON bookings FOR EACH ROW EXECUTE FUNCTION deadlock_first()');
};
const send = (uid: string, start: string, end: string) => sendTo(listener.port, {
  from: 'Sofia Staff <staff@hq.example>', to: THAMES, authResults: [DKIM_PASS],
  ics: invite({ uid, organizer: 'staff@hq.example', room: THAMES, start, end, tzid: 'Europe/London' }),
});
const lastOutcome = async () => (await t.pool.query<{ outcome: string }>('SELECT outcome FROM inbound_mail ORDER BY id DESC LIMIT 1')).rows[0]?.outcome;
const answers = async () => (await t.pool.query<{ accepted: boolean }>(
  "SELECT ics LIKE '%PARTSTAT=ACCEPTED%' AS accepted FROM mail_outbox WHERE to_address = 'staff@hq.example' ORDER BY id")).rows;

describe('an invitation that deadlocks with another booking', () => {
  afterAll(async () => { await t.pool.query('DROP TRIGGER IF EXISTS deadlock_first ON bookings'); });

  it('is tried again and booked, with one answer, not declined', async () => {
    await deadlockTimes(1);
    await send('deadlocks-once@hq.example', '2030-04-02T09:00', '2030-04-02T10:00');
    expect(await processInboundMail(t.deps, log)).toBe(1);
    const { rows } = await t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings WHERE room_id = $1 AND status IN (0, 1)', [org.thames]);
    expect(rows[0]!.n).toBe(1);
    expect((await t.pool.query<{ n: number }>('SELECT last_value::int AS n FROM deadlock_tries')).rows[0]!.n).toBe(2);
    expect(await lastOutcome()).toMatch(/: booked \d+$/);
    expect(await answers()).toEqual([{ accepted: true }]);
  });

  it('is marked failed, with no answer, when the deadlock keeps coming', async () => {
    await deadlockTimes(100);
    await send('deadlocks-always@hq.example', '2030-04-03T09:00', '2030-04-03T10:00');
    expect(await processInboundMail(t.deps, log)).toBe(1);
    expect(await lastOutcome()).toBe('failed: deadlock detected');
    expect((await t.pool.query<{ n: number }>('SELECT last_value::int AS n FROM deadlock_tries')).rows[0]!.n).toBe(3);
    expect(await answers()).toEqual([{ accepted: true }]); // only the first test's
    expect((await t.pool.query('SELECT 1 FROM bookings WHERE room_id = $1', [org.thames])).rowCount).toBe(1);
  });
});

describe('a message that fails on one instance', () => {
  it('stays claimed until it is marked failed: no other job can take it meanwhile, and nothing it did is kept', async () => {
    await resetBookings(t);
    await t.pool.query('DELETE FROM inbound_invitations');
    await t.pool.query('DELETE FROM inbound_mail');
    await t.pool.query('DELETE FROM mail_outbox');
    log.lines.length = 0;
    await sendTo(listener.port, {
      from: 'Sofia Staff <staff@hq.example>', to: THAMES, authResults: [DKIM_PASS],
      ics: invite({ uid: 'fails@hq.example', organizer: 'staff@hq.example', room: THAMES, start: '2030-04-02T09:00', end: '2030-04-02T10:00', tzid: 'Europe/London' }),
    });
    await t.pool.query(`CREATE FUNCTION refuse_outbox() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the outbox refuses'; END $$`);
    await t.pool.query('CREATE TRIGGER refuse_outbox BEFORE INSERT ON mail_outbox FOR EACH ROW EXECUTE FUNCTION refuse_outbox()');
    await t.pool.query(`CREATE FUNCTION hold_failure_mark() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.outcome LIKE 'failed:%' THEN PERFORM pg_advisory_xact_lock(${MARK_LOCK}); END IF; RETURN NEW; END $$`);
    await t.pool.query('CREATE TRIGGER hold_failure_mark BEFORE UPDATE ON inbound_mail FOR EACH ROW EXECUTE FUNCTION hold_failure_mark()');

    const holder = await t.pool.connect();
    let run: Promise<number> | undefined;
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [MARK_LOCK]);
      run = processInboundMail(t.deps, log);
      // The failing job is now waiting to write its mark.
      for (let i = 0; i < 200; i++) {
        const { rows } = await t.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND NOT granted
             AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`, [MARK_LOCK]);
        if (rows[0]!.n > 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      // Another instance's job claims at this moment.
      const other = await t.pool.connect();
      try {
        await other.query('BEGIN');
        const claimed = await claimMessages(other, 10);
        await other.query('COMMIT');
        expect(claimed).toEqual([]);
      } finally { other.release(); }
    } finally {
      await holder.query('SELECT pg_advisory_unlock($1)', [MARK_LOCK]);
      holder.release();
    }
    expect(await run).toBe(1);

    const { rows: [mail] } = await t.pool.query<{ outcome: string; processed: boolean }>('SELECT outcome, processed_at IS NOT NULL AS processed FROM inbound_mail');
    expect(mail).toEqual({ outcome: 'failed: the outbox refuses', processed: true });
    expect(log.lines.filter((l) => l.startsWith('inbound invitation failed'))).toHaveLength(1);
    // Its booking and link were undone with it; the message is not taken again.
    expect((await t.pool.query('SELECT 1 FROM bookings WHERE room_id = $1', [org.thames])).rowCount).toBe(0);
    expect((await t.pool.query('SELECT 1 FROM inbound_invitations')).rowCount).toBe(0);
    expect(await processInboundMail(t.deps, log)).toBe(0);
  });
});
