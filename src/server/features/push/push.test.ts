import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import fc from 'fast-check';
import { sessionCookieName } from '../../auth/cookies.js';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { notify } from '../notifications/notify.js';
import { MAX_ATTEMPTS, backoffMs, sendDuePushMessages } from './push.job.js';
import { MAX_NEW_SUBSCRIPTIONS_PER_HOUR } from './push.service.js';
import { systemResolver, type Resolver } from './pushEndpoint.js';
import { browserKeys, decryptPush, startPushReceiver, verifyVapid, type BrowserKeys, type PushReceiver } from './pushTestKit.js';

// The app runs under a base path, so payload URLs and routes prove they honour it; loopback http
// push endpoints are allowed only because of the explicit test flag.
const ENV = { PUBLIC_URL: 'http://localhost:8080/hotdesk', HOTDESK_PUSH_ALLOW_HTTP_LOOPBACK: 'true' };
const API = '/hotdesk/api/pushMessaging';

let t: Awaited<ReturnType<typeof buildTestApp>>;
let strict: Awaited<ReturnType<typeof buildTestApp>>;
let receiver: PushReceiver;
let ann: TestUser, bob: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ env: ENV });
  // The same database served by an app without the test flag, as production runs.
  strict = await buildTestApp({ pool: t.pool, env: { PUBLIC_URL: 'https://book.example.org/hotdesk' } });
  receiver = await startPushReceiver();
  ann = await createUser(t, { name: 'Ann Example' });
  bob = await createUser(t, { name: 'Bob Example' });
});
afterAll(async () => {
  await receiver.close();
  await strict.close();
  await t.dropDatabase();
});
let clock = Date.now();
beforeEach(async () => {
  await t.pool.query('DELETE FROM push_outbox');
  await t.pool.query('DELETE FROM push_subscriptions');
  receiver.received.length = 0;
  receiver.setDelayMs(0);
  // Each test starts its own clock a day after the last one: rows queued now are due, back-offs are fresh.
  clock = Math.max(clock, Date.now()) + 24 * 3600_000;
  t.setNow(new Date(clock));
});

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
/** The user's session cookie under the name `app` reads (https apps use a __Secure- prefixed name). */
const cookieFor = (user: TestUser, app: TestApp) => `${sessionCookieName(app.deps.config)}=${user.cookie.slice(user.cookie.indexOf('=') + 1)}`;

const post = (user: TestUser | undefined, payload: unknown, app = t) => app.app.inject({
  method: 'POST', url: API, headers: user ? { cookie: cookieFor(user, app) } : {}, payload: payload as object,
});

let nextEndpoint = 0;
const endpointPath = () => `/push/${++nextEndpoint}`;

/** Subscribes `user` with fresh browser keys at a new loopback endpoint; returns the keys and the path. */
async function subscribeAt(user: TestUser, path = endpointPath()): Promise<{ keys: BrowserKeys; path: string; endpoint: string }> {
  const keys = browserKeys();
  const endpoint = `${receiver.origin}${path}`;
  const res = await post(user, { endpoint, p256dh: keys.p256dh, auth: keys.auth });
  expect(res.statusCode, res.body).toBe(204);
  return { keys, path, endpoint };
}

const tell = (userIds: number[], subject = 'Room request approved', text = 'Thames, Mon 7 Jan 09:00-10:00', url = '/menu/mybookings') =>
  notify(t.pool, { userIds, emails: [], subject, text, url });

const outbox = async () => (await t.pool.query(
  'SELECT id, user_id, attempts, sent_at, gave_up_at, next_try_at, last_error, delivered_subscription_ids FROM push_outbox ORDER BY id',
)).rows;
const subscriptionCount = async () => (await t.pool.query('SELECT count(*)::int AS n FROM push_subscriptions')).rows[0].n as number;

describe('subscriptions', () => {
  it('refuses signed-out callers (401) and stores nothing', async () => {
    const keys = browserKeys();
    const res = await post(undefined, { endpoint: `${receiver.origin}/push/anon`, p256dh: keys.p256dh, auth: keys.auth });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${API}/publicKey` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: API, payload: { endpoint: 'https://x.example/1' } })).statusCode).toBe(401);
    expect(await subscriptionCount()).toBe(0);
  });

  it('gives one VAPID public key, generated once and kept in the database', async () => {
    const a = await t.app.inject({ method: 'GET', url: `${API}/publicKey`, headers: { cookie: ann.cookie } });
    expect(a.statusCode).toBe(200);
    const key = a.json().PublicKey as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const b = await strict.app.inject({ method: 'GET', url: `/hotdesk/api/pushMessaging/publicKey`, headers: { cookie: cookieFor(bob, strict) } });
    expect(b.json().PublicKey).toBe(key);
    const stored = (await t.pool.query("SELECT value FROM app_state WHERE key = 'vapid_keys'")).rows;
    expect(stored).toHaveLength(1);
    expect(JSON.parse(stored[0].value).publicKey).toBe(key);
  });

  it('uses configured VAPID keys instead of generated ones', async () => {
    const keys = webpush.generateVAPIDKeys();
    const configured = await buildTestApp({ pool: t.pool, env: { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'mailto:it@example.org' } });
    try {
      const res = await configured.app.inject({ method: 'GET', url: '/api/pushMessaging/publicKey', headers: { cookie: ann.cookie } });
      expect(res.json()).toEqual({ PublicKey: keys.publicKey });
    } finally {
      await configured.close();
    }
    await expect(buildTestApp({ pool: t.pool, env: { VAPID_PUBLIC_KEY: keys.publicKey } })).rejects.toThrow(/must be set together/);
    await expect(buildTestApp({ pool: t.pool, env: { VAPID_SUBJECT: 'http://example.org' } })).rejects.toThrow(/VAPID_SUBJECT/);
  });

  it("stores the caller's subscription and updates its keys on a second post", async () => {
    const { endpoint } = await subscribeAt(ann);
    const again = browserKeys();
    // Keys match case-insensitively (wire contract) and base64url padding is tolerated.
    expect((await post(ann, { Endpoint: endpoint, P256DH: again.p256dh, Auth: `${again.auth}==` })).statusCode).toBe(204);
    const rows = (await t.pool.query('SELECT user_id, endpoint, p256dh, auth FROM push_subscriptions')).rows;
    expect(rows).toEqual([{ user_id: ann.id, endpoint, p256dh: again.p256dh, auth: again.auth }]);
  });

  it("refuses (409) an endpoint another person holds, leaving it theirs: they keep receiving, the caller does not", async () => {
    const annSub = await subscribeAt(ann);
    const before = (await t.pool.query('SELECT id, user_id, p256dh, auth, created_at FROM push_subscriptions')).rows;
    const bobKeys = browserKeys();
    const res = await post(bob, { endpoint: annSub.endpoint, p256dh: bobKeys.p256dh, auth: bobKeys.auth });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ Code: 'CONFLICT', Error: expect.stringMatching(/belongs to another person/) });
    expect((await t.pool.query('SELECT id, user_id, p256dh, auth, created_at FROM push_subscriptions')).rows).toEqual(before);

    await tell([bob.id], 'For Bob');
    await tell([ann.id], 'For Ann');
    expect(await sendDuePushMessages(t.deps)).toMatchObject({ messages: 2, delivered: 1 });
    expect(receiver.received).toHaveLength(1);
    // Encrypted with Ann's keys, not the ones Bob sent.
    expect(JSON.parse(decryptPush(receiver.received[0]!.body, annSub.keys)).title).toBe('For Ann');
    expect(() => decryptPush(receiver.received[0]!.body, bobKeys)).toThrow();
  });

  it('two people posting one new endpoint at once: one holds it, the other gets 409', async () => {
    const endpoint = `${receiver.origin}${endpointPath()}`;
    const k = browserKeys();
    const callers = [ann, bob, ann, bob];
    const results = await Promise.all(callers.map((u) => post(u, { endpoint, p256dh: k.p256dh, auth: k.auth })));
    const rows = (await t.pool.query('SELECT user_id FROM push_subscriptions')).rows;
    expect(rows).toHaveLength(1);
    const holder = rows[0].user_id === ann.id ? ann : bob;
    expect(results.map((r) => r.statusCode)).toEqual(callers.map((u) => (u === holder ? 204 : 409)));
  });

  it('keeps at most 20 subscriptions per person, dropping the oldest', async () => {
    for (let i = 0; i < 22; i++) {
      // New browsers are limited per hour: spread them out.
      t.setNow(new Date(clock + i * 600_000));
      await subscribeAt(ann, `/push/many-${i}`);
    }
    const rows = (await t.pool.query('SELECT endpoint FROM push_subscriptions WHERE user_id = $1', [ann.id])).rows.map((r) => r.endpoint as string);
    expect(rows).toHaveLength(20);
    expect(rows).not.toContain(`${receiver.origin}/push/many-0`);
    expect(rows).not.toContain(`${receiver.origin}/push/many-1`);
    expect(rows).toContain(`${receiver.origin}/push/many-21`);
  });

  it(`refuses (429) more than ${MAX_NEW_SUBSCRIPTIONS_PER_HOUR} new browsers an hour per person, storing nothing; re-posting a known one still works`, async () => {
    const subs = [];
    for (let i = 0; i < MAX_NEW_SUBSCRIPTIONS_PER_HOUR; i++) subs.push(await subscribeAt(ann));
    const k = browserKeys();
    const extra = `${receiver.origin}${endpointPath()}`;
    const res = await post(ann, { endpoint: extra, p256dh: k.p256dh, auth: k.auth });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ Code: 'TOO_MANY_ATTEMPTS', Error: expect.stringMatching(/new browsers in the last hour/) });
    expect(await subscriptionCount()).toBe(MAX_NEW_SUBSCRIPTIONS_PER_HOUR);
    // A browser already stored may refresh itself; another person is not affected.
    const again = browserKeys();
    expect((await post(ann, { endpoint: subs[0]!.endpoint, p256dh: again.p256dh, auth: again.auth })).statusCode).toBe(204);
    await subscribeAt(bob);
    // An hour later there is room again.
    t.setNow(new Date(clock + 3600_000));
    expect((await post(ann, { endpoint: extra, p256dh: k.p256dh, auth: k.auth })).statusCode).toBe(204);
  });

  it('unsubscribes only the caller\'s own endpoint', async () => {
    const a = await subscribeAt(ann);
    const b = await subscribeAt(bob);
    const del = (user: TestUser, endpoint: string) => t.app.inject({ method: 'DELETE', url: API, headers: { cookie: user.cookie }, payload: { endpoint } });
    expect((await del(ann, b.endpoint)).statusCode).toBe(204);
    expect(await subscriptionCount()).toBe(2);
    expect((await del(ann, a.endpoint)).statusCode).toBe(204);
    expect((await t.pool.query('SELECT user_id FROM push_subscriptions')).rows).toEqual([{ user_id: bob.id }]);
  });

  describe('refuses bad bodies with 400', () => {
    const k = browserKeys();
    const good = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def', p256dh: k.p256dh, auth: k.auth };
    const offCurve = Buffer.alloc(65, 7); offCurve[0] = 4;
    const cases: [string, unknown][] = [
      ['no body fields', {}],
      ['missing endpoint', { p256dh: good.p256dh, auth: good.auth }],
      ['missing p256dh', { endpoint: good.endpoint, auth: good.auth }],
      ['missing auth', { endpoint: good.endpoint, p256dh: good.p256dh }],
      ['endpoint not a URL', { ...good, endpoint: 'not a url' }],
      ['endpoint javascript:', { ...good, endpoint: 'javascript:alert(1)' }],
      ['endpoint plain http on the internet', { ...good, endpoint: 'http://push.example.org/x' }],
      ['endpoint with credentials', { ...good, endpoint: 'https://user:pw@push.example.org/x' }],
      ['endpoint too long', { ...good, endpoint: `https://push.example.org/${'a'.repeat(2048)}` }],
      ['endpoint a number', { ...good, endpoint: 12 }],
      ['p256dh too short', { ...good, p256dh: good.p256dh.slice(0, 80) }],
      ['p256dh too long', { ...good, p256dh: `${good.p256dh}AAAA` }],
      ['p256dh standard base64 characters', { ...good, p256dh: `+/${good.p256dh.slice(2)}` }],
      ['p256dh not a point on P-256', { ...good, p256dh: offCurve.toString('base64url') }],
      ['auth too short', { ...good, auth: good.auth.slice(0, 20) }],
      ['auth too long', { ...good, auth: Buffer.alloc(32).toString('base64url') }],
      ['auth not text', { ...good, auth: ['x'] }],
    ];
    for (const [name, body] of cases) {
      it(name, async () => {
        const res = await post(ann, body);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().Code).toBe('BAD_INPUT');
      });
    }
    it('a non-JSON body', async () => {
      const res = await t.app.inject({ method: 'POST', url: API, headers: { cookie: ann.cookie, 'content-type': 'application/json' }, payload: '{"endpoint":' });
      expect(res.statusCode).toBe(400);
    });
    it('a loopback http endpoint when the test flag is off (production)', async () => {
      const res = await post(ann, { ...good, endpoint: `${receiver.origin}/push/x` }, strict);
      expect(res.statusCode).toBe(400);
      expect(res.json().Errors).toHaveProperty('endpoint');
    });
    describe('an endpoint the server must not POST to (request forgery), with or without the test flag, storing nothing', () => {
      // PORT is the push receiver's: were any of these stored and sent, the receiver would see it.
      const forbidden = [
        'https://127.0.0.1:PORT/push/x', 'https://localhost:PORT/push/x', 'https://LOCALHOST.:PORT/push/x', 'https://[::1]:PORT/push/x',
        'https://0x7f000001:PORT/push/x', 'https://2130706433:PORT/push/x', 'https://0177.0.0.1:PORT/push/x', 'https://127.1:PORT/push/x',
        'https://127.0.0.1.:PORT/push/x', 'https://[::ffff:127.0.0.1]:PORT/push/x', 'https://[::ffff:7f00:1]:PORT/push/x',
        'https://10.0.0.1/push/x', 'https://172.16.0.1/x', 'https://192.168.1.1/x', 'https://100.64.0.1/x',
        'https://169.254.169.254/latest/meta-data/', 'https://0xa9fea9fe/latest/meta-data/', 'https://metadata.google.internal/computeMetadata/v1/',
        'https://0.0.0.0/x', 'https://255.255.255.255/x', 'https://224.0.0.1/x', 'https://240.0.0.1/x', 'https://192.0.2.1/x', 'https://198.18.0.1/x',
        'https://[::]/x', 'https://[fd00::1]/x', 'https://[fe80::1]/x', 'https://[ff02::1]/x', 'https://[2001:db8::1]/x',
        'https://[64:ff9b::a00:1]/x', 'https://[2002:a00:1::1]/x', 'https://[::a00:1]/x',
        'https://intranet/x', 'https://printer.local/x', 'https://push.localhost/x',
        'http://127.0.0.2:PORT/push/x', 'http://[::ffff:127.0.0.1]:PORT/push/x', 'http://10.0.0.1/push/x',
      ];
      for (const template of forbidden) {
        it(template, async () => {
          const endpoint = template.replace('PORT', new URL(receiver.origin).port);
          for (const app of [t, strict]) {
            const res = await post(ann, { ...good, endpoint }, app);
            expect(res.statusCode, res.body).toBe(400);
            expect(res.json().Code).toBe('BAD_INPUT');
            expect(res.json().Errors.endpoint).toMatch(/^The push endpoint/);
          }
          expect(await subscriptionCount()).toBe(0);
        });
      }
      it('public addresses are accepted (controls; nothing is sent in this test)', async () => {
        for (const endpoint of ['https://[2606:4700::1111]/x', 'https://[64:ff9b::808:808]/x', 'https://updates.push.services.mozilla.com/wpush/v2/x']) {
          expect((await post(ann, { ...good, endpoint }, strict)).statusCode, endpoint).toBe(204);
        }
      });
    });
    it('any body at all: never a 5xx, and nothing stored unless it was a valid subscription', async () => {
      const text = fc.oneof(fc.string({ maxLength: 120 }), fc.constantFrom('https://\u0000x', 'https://[::1]/', 'https://xn--/', 'https://a.b/\ud800', '=', '', ' '.repeat(3000)));
      const value = fc.oneof(text, fc.integer(), fc.constant(null), fc.array(text, { maxLength: 3 }), fc.dictionary(text, text, { maxKeys: 3 }));
      await fc.assert(fc.asyncProperty(fc.dictionary(fc.constantFrom('endpoint', 'Endpoint', 'p256dh', 'auth', 'keys', '__proto__'), value), async (body) => {
        const before = await subscriptionCount();
        for (const method of ['POST', 'DELETE'] as const) {
          const res = await t.app.inject({ method, url: API, headers: { cookie: ann.cookie }, payload: body as object });
          expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
        }
        expect(await subscriptionCount()).toBe(before);
      }), { numRuns: 150, seed: 7 });
    });
    it('and accepts the good body (the control)', async () => {
      expect((await post(ann, good)).statusCode).toBe(204);
      expect((await post(ann, good, strict)).statusCode).toBe(204);
    });
  });
});

describe('sending', () => {
  it('delivers the payload intact, encrypted per RFC 8291 (aes128gcm) and signed with VAPID', async () => {
    const sub = await subscribeAt(ann);
    const title = 'Room request approved ✓';
    const body = 'Thames (Café floor), Mon 7 Jan 09:00–10:00 "board" <review> & more';
    await tell([ann.id], title, body, '/menu/mybookings');
    const summary = await sendDuePushMessages(t.deps);
    expect(summary).toMatchObject({ messages: 1, delivered: 1, removed: 0, retried: 0 });

    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    expect(got.path).toBe(sub.path);
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(got.headers.ttl)).toBeGreaterThan(0);
    const publicKey = (await t.app.inject({ method: 'GET', url: `${API}/publicKey`, headers: { cookie: ann.cookie } })).json().PublicKey;
    const claims = verifyVapid(got.headers.authorization, receiver.origin);
    expect(claims.k).toBe(publicKey);
    expect(claims.sub).toMatch(/^(mailto:|https:)/);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());

    expect(JSON.parse(decryptPush(got.body, sub.keys))).toEqual({ title, body, url: '/hotdesk/menu/mybookings' });
    // Another browser's keys cannot read it.
    expect(() => decryptPush(got.body, browserKeys())).toThrow();

    const [row] = await outbox();
    expect(row.sent_at).not.toBeNull();
    expect(row.attempts).toBe(1);
    // Nothing is sent twice.
    expect((await sendDuePushMessages(t.deps)).messages).toBe(0);
    expect(receiver.received).toHaveLength(1);
  });

  it("sends to every subscription of the person, and only to theirs", async () => {
    const a1 = await subscribeAt(ann);
    const a2 = await subscribeAt(ann);
    const b1 = await subscribeAt(bob);
    await tell([ann.id], 'For Ann');
    await sendDuePushMessages(t.deps);
    expect(receiver.received.map((r) => r.path).sort()).toEqual([a1.path, a2.path].sort());
    for (const r of receiver.received) {
      const keys = r.path === a1.path ? a1.keys : a2.keys;
      expect(JSON.parse(decryptPush(r.body, keys)).title).toBe('For Ann');
    }
    expect(receiver.received.some((r) => r.path === b1.path)).toBe(false);
  });

  it('clips long texts so the encrypted message stays within the 4 kB push limit', async () => {
    const sub = await subscribeAt(ann);
    await tell([ann.id], 'T'.repeat(500), 'B'.repeat(5000));
    await sendDuePushMessages(t.deps);
    const got = receiver.received[0]!;
    expect(got.body.length).toBeLessThanOrEqual(4096);
    const payload = JSON.parse(decryptPush(got.body, sub.keys));
    expect(payload.title.length).toBeLessThanOrEqual(200);
    expect(payload.body.endsWith('…')).toBe(true);
  });

  it('marks a message for a person without subscriptions as done without sending', async () => {
    await tell([bob.id]);
    expect((await sendDuePushMessages(t.deps)).delivered).toBe(0);
    expect(receiver.received).toHaveLength(0);
    expect((await outbox())[0].sent_at).not.toBeNull();
  });

  for (const status of [410, 404]) {
    it(`removes a subscription the push service answers ${status} for (gone), and does not retry`, async () => {
      const gone = await subscribeAt(ann);
      const alive = await subscribeAt(ann);
      receiver.respond(gone.path, status);
      await tell([ann.id]);
      const summary = await sendDuePushMessages(t.deps);
      expect(summary).toMatchObject({ delivered: 1, removed: 1, retried: 0 });
      const left = (await t.pool.query('SELECT endpoint FROM push_subscriptions')).rows.map((r) => r.endpoint);
      expect(left).toEqual([alive.endpoint]);
      expect((await outbox())[0].sent_at).not.toBeNull();
    });
  }

  it('keeps a subscription the push service answers 500 for and retries later with back-off', async () => {
    const sub = await subscribeAt(ann);
    receiver.respond(sub.path, 500);
    await tell([ann.id], 'Booking cancelled by an admin');
    const start = clock;

    expect(await sendDuePushMessages(t.deps)).toMatchObject({ delivered: 0, retried: 1 });
    let [row] = await outbox();
    expect(await subscriptionCount()).toBe(1);
    expect(row).toMatchObject({ sent_at: null, gave_up_at: null, attempts: 1 });
    expect(row.last_error).toMatch(/HTTP 500/);
    expect(row.next_try_at.getTime()).toBe(start + backoffMs(1));

    // Not before its time...
    t.setNow(new Date(start + backoffMs(1) - 1000));
    expect((await sendDuePushMessages(t.deps)).messages).toBe(0);
    expect(receiver.received).toHaveLength(1);

    // ...then again, and the second failure waits twice as long.
    t.setNow(new Date(start + backoffMs(1)));
    expect(await sendDuePushMessages(t.deps)).toMatchObject({ retried: 1 });
    [row] = await outbox();
    expect(row.attempts).toBe(2);
    expect(row.next_try_at.getTime()).toBe(start + backoffMs(1) + backoffMs(2));
    expect(backoffMs(2)).toBe(2 * backoffMs(1));

    // The push service recovers: the message arrives intact and is done.
    receiver.respond(sub.path, 201);
    t.setNow(new Date(start + backoffMs(1) + backoffMs(2)));
    expect(await sendDuePushMessages(t.deps)).toMatchObject({ delivered: 1 });
    expect(receiver.received).toHaveLength(3);
    expect(JSON.parse(decryptPush(receiver.received[2]!.body, sub.keys)).title).toBe('Booking cancelled by an admin');
    [row] = await outbox();
    expect(row.sent_at).not.toBeNull();
  });

  it('a retry goes only to the subscriptions that failed, not again to those reached', async () => {
    const ok = await subscribeAt(ann);
    const flaky = await subscribeAt(ann);
    receiver.respond(flaky.path, 503);
    await tell([ann.id]);
    await sendDuePushMessages(t.deps);
    receiver.respond(flaky.path, 201);
    t.setNow(new Date(clock + backoffMs(1)));
    await sendDuePushMessages(t.deps);
    const paths = receiver.received.map((r) => r.path);
    expect(paths.filter((p) => p === ok.path)).toHaveLength(1);
    expect(paths.filter((p) => p === flaky.path)).toHaveLength(2);
    expect((await outbox())[0].sent_at).not.toBeNull();
  });

  it('retries when the push service cannot be reached, and gives up after the last attempt', async () => {
    // A port nobody listens on: connection refused.
    const dead = await post(ann, { endpoint: 'http://127.0.0.1:9/push/dead', ...(() => { const k = browserKeys(); return { p256dh: k.p256dh, auth: k.auth }; })() });
    expect(dead.statusCode).toBe(204);
    await tell([ann.id]);
    let now = clock;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      t.setNow(new Date(now));
      const summary = await sendDuePushMessages(t.deps);
      expect(summary.messages).toBe(1);
      now += backoffMs(attempt);
    }
    const [row] = await outbox();
    expect(row.attempts).toBe(MAX_ATTEMPTS);
    expect(row.gave_up_at).not.toBeNull();
    expect(row.sent_at).toBeNull();
    t.setNow(new Date(now + 24 * 3600_000));
    expect((await sendDuePushMessages(t.deps)).messages).toBe(0);
    expect(await subscriptionCount()).toBe(1);
  });

  /** Stores a subscription directly, as an older, laxer version of the server may have accepted it. */
  async function storeRaw(user: TestUser, endpoint: string) {
    const keys = browserKeys();
    await t.pool.query('INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)', [user.id, endpoint, keys.p256dh, keys.auth]);
    return { keys, endpoint };
  }
  const receiverPort = () => new URL(receiver.origin).port;
  const endpointsLeft = async () => (await t.pool.query('SELECT endpoint FROM push_subscriptions ORDER BY id')).rows.map((r) => r.endpoint as string);

  it('does not send to a loopback http endpoint when the flag is off, even if one was stored: it is removed, not retried', async () => {
    await subscribeAt(ann);
    const connections = receiver.connections();
    await tell([ann.id]);
    strict.setNow(new Date(clock));
    const summary = await sendDuePushMessages(strict.deps);
    expect(summary).toMatchObject({ messages: 1, delivered: 0, removed: 1, retried: 0 });
    expect(receiver.connections()).toBe(connections);
    expect(receiver.received).toHaveLength(0);
    const [row] = await outbox();
    expect(row.last_error).toMatch(/not allowed/);
    expect(row.sent_at).not.toBeNull();
    expect(await subscriptionCount()).toBe(0);
  });

  it('never connects to a stored loopback https endpoint in any spelling (even with the test flag), removes it, and still delivers to the good one', async () => {
    const good = await subscribeAt(ann);
    const port = receiverPort();
    for (const host of ['127.0.0.1', 'localhost', 'LOCALHOST.', '[::1]', '0x7f000001', '2130706433', '0177.0.0.1', '127.1', '[::ffff:127.0.0.1]']) {
      await storeRaw(ann, `https://${host}:${port}/push/forged`);
    }
    await storeRaw(ann, `http://127.0.0.2:${port}/push/forged`);
    const connections = receiver.connections();
    await tell([ann.id]);
    expect(await sendDuePushMessages(t.deps)).toMatchObject({ messages: 1, delivered: 1, removed: 10, retried: 0 });
    // One connection: the good subscription's.
    expect(receiver.connections()).toBe(connections + 1);
    expect(receiver.received.map((r) => r.path)).toEqual([good.path]);
    expect(await endpointsLeft()).toEqual([good.endpoint]);
    const [row] = await outbox();
    expect(row).toMatchObject({ attempts: 1, gave_up_at: null });
    expect(row.sent_at).not.toBeNull();
    expect(row.last_error).toMatch(/not allowed/);
  });

  it('resolves the name at send time and refuses it when it resolves to loopback (DNS rebinding): no connection, removed, not retried', async () => {
    // Accepted when stored: a public-looking name. By send time it resolves to loopback -- here through
    // the system resolver's real answer for localhost.
    const endpoint = `https://push.rebind.example:${receiverPort()}/push/rebound`;
    const k = browserKeys();
    expect((await post(ann, { endpoint, p256dh: k.p256dh, auth: k.auth }, strict)).statusCode).toBe(204);
    const asked: string[] = [];
    const rebinding: Resolver = (host) => { asked.push(host); return systemResolver('localhost'); };
    const connections = receiver.connections();
    await tell([ann.id]);
    strict.setNow(new Date(clock));
    expect(await sendDuePushMessages(strict.deps, { resolve: rebinding })).toMatchObject({ messages: 1, delivered: 0, removed: 1, retried: 0 });
    expect(asked).toEqual(['push.rebind.example']);
    expect(receiver.connections()).toBe(connections);
    expect(await subscriptionCount()).toBe(0);
    const [row] = await outbox();
    expect(row.last_error).toMatch(/push\.rebind\.example resolves to 127\.0\.0\.1, which is not allowed \(loopback\)/);
    expect(row.sent_at).not.toBeNull();
  });

  it('with the test flag, http://localhost is resolved and connected to only when EVERY address is loopback', async () => {
    const port = receiverPort();
    const ok = await subscribeAt(ann, '/push/by-name');
    await t.pool.query('UPDATE push_subscriptions SET endpoint = $1', [`http://localhost:${port}/push/by-name`]);
    await tell([ann.id], 'By name');
    expect(await sendDuePushMessages(t.deps)).toMatchObject({ delivered: 1 });
    expect(JSON.parse(decryptPush(receiver.received[0]!.body, ok.keys)).title).toBe('By name');

    // The same name, now also resolving to a private address: refused before any connection.
    const connections = receiver.connections();
    const mixed: Resolver = async (host) => [...await systemResolver(host), { address: '10.0.0.1', family: 4 }];
    await tell([ann.id], 'Mixed');
    expect(await sendDuePushMessages(t.deps, { resolve: mixed })).toMatchObject({ delivered: 0, removed: 1, retried: 0 });
    expect(receiver.connections()).toBe(connections);
    expect(receiver.received).toHaveLength(1);
    expect(await subscriptionCount()).toBe(0);
  });

  it('PUSH_ALLOWED_HOSTS: other hosts are refused when subscribing and when sending', async () => {
    const listed = await buildTestApp({ pool: t.pool, env: { ...ENV, PUSH_ALLOWED_HOSTS: 'fcm.googleapis.com,*.push.apple.com' } });
    const listsReceiver = await buildTestApp({ pool: t.pool, env: { ...ENV, PUSH_ALLOWED_HOSTS: '127.0.0.1' } });
    try {
      listed.setNow(new Date(clock));
      listsReceiver.setNow(new Date(clock));
      const k = browserKeys();
      const refused = await post(ann, { endpoint: `${receiver.origin}/push/unlisted`, p256dh: k.p256dh, auth: k.auth }, listed);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().Errors.endpoint).toMatch(/127\.0\.0\.1 is not an allowed push service/);
      expect(await subscriptionCount()).toBe(0);
      expect((await post(ann, { endpoint: 'https://web.push.apple.com/QG9x', p256dh: k.p256dh, auth: k.auth }, listed)).statusCode).toBe(204);
      await t.pool.query('DELETE FROM push_subscriptions');

      // Stored while the list was different: not sent, removed.
      await subscribeAt(ann);
      const connections = receiver.connections();
      await tell([ann.id]);
      expect(await sendDuePushMessages(listed.deps)).toMatchObject({ delivered: 0, removed: 1, retried: 0 });
      expect(receiver.connections()).toBe(connections);
      expect((await outbox())[0].last_error).toMatch(/not an allowed push service/);

      // The control: a list naming the receiver's host lets it through.
      const sub = await subscribeAt(ann);
      expect((await post(ann, { endpoint: `${sub.endpoint}-2`, p256dh: k.p256dh, auth: k.auth }, listsReceiver)).statusCode).toBe(204);
      await tell([ann.id], 'Listed');
      expect(await sendDuePushMessages(listsReceiver.deps)).toMatchObject({ delivered: 2 });
    } finally {
      await listed.close();
      await listsReceiver.close();
    }
  });

  it('two job runs at once (two instances) send each message exactly once', async () => {
    const sub = await subscribeAt(ann);
    const titles = Array.from({ length: 45 }, (_, i) => `Message ${i}`);
    for (const title of titles) await tell([ann.id], title);
    receiver.setDelayMs(5);
    // A second "instance": its own app and pool on the same database.
    const other = await buildTestApp({ env: ENV, pool: (await import('../../db/pool.js')).createPool(t.pool.options.connectionString!, 5) });
    other.setNow(new Date(clock));
    try {
      const [a, b] = await Promise.all([sendDuePushMessages(t.deps), sendDuePushMessages(other.deps)]);
      expect(a.messages + b.messages).toBe(45);
      expect(a.messages).toBeGreaterThan(0);
      expect(b.messages).toBeGreaterThan(0);
    } finally {
      await other.close();
      await other.pool.end();
    }
    const got = receiver.received.map((r) => JSON.parse(decryptPush(r.body, sub.keys)).title as string);
    expect(got).toHaveLength(45);
    expect(new Set(got)).toEqual(new Set(titles));
    const rows = await outbox();
    expect(rows.every((r) => r.sent_at !== null && r.attempts === 1)).toBe(true);
  });
});
