import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser } from '../../testing/testApp.js';
import { notify } from './notify.js';

let t: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.dropDatabase());

describe('notify', () => {
  it('queues one push per person and one e-mail per distinct address', async () => {
    const a = await createUser(t, { email: 'a@example.org' });
    const b = await createUser(t, { email: 'b@example.org' });
    await notify(t.pool, { userIds: [a.id, b.id, a.id], emails: ['A@example.org', 'desk@example.org', ''], subject: 'S', text: 'T', url: '/menu/mybookings' });
    const push = await t.pool.query('SELECT user_id FROM push_outbox ORDER BY user_id');
    expect(push.rows.map((r) => r.user_id)).toEqual([a.id, b.id]);
    const mail = await t.pool.query('SELECT lower(to_address) AS to FROM mail_outbox ORDER BY 1');
    expect(mail.rows.map((r) => r.to)).toEqual(['a@example.org', 'b@example.org', 'desk@example.org']);
  });
  it('queues no e-mail to an address in the reserved .invalid domain, but still the push', async () => {
    const erased = await createUser(t, { email: 'erased-7@erased.INVALID' });
    const before = (await t.pool.query('SELECT count(*)::int AS n FROM mail_outbox')).rows[0].n;
    await notify(t.pool, { userIds: [erased.id], emails: ['door-display@hotdesk.invalid'], subject: 'S', text: 'T', url: '/' });
    expect((await t.pool.query('SELECT count(*)::int AS n FROM mail_outbox')).rows[0].n).toBe(before);
    expect((await t.pool.query('SELECT count(*)::int AS n FROM push_outbox WHERE user_id = $1', [erased.id])).rows[0].n).toBe(1);
  });
  it('queues nothing when the surrounding transaction rolls back', async () => {
    const before = (await t.pool.query('SELECT count(*)::int AS n FROM mail_outbox')).rows[0].n;
    const client = await t.pool.connect();
    await client.query('BEGIN');
    await notify(client, { userIds: [], emails: ['x@example.org'], subject: 'S', text: 'T', url: '/' });
    await client.query('ROLLBACK');
    client.release();
    expect((await t.pool.query('SELECT count(*)::int AS n FROM mail_outbox')).rows[0].n).toBe(before);
  });
});
