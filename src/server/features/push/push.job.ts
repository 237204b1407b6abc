import http from 'node:http';
import https from 'node:https';
import type { PushPayload } from '../../../domain/wire/push.js';
import type { AppDeps } from '../../deps.js';
import type { Job } from '../../jobs/scheduler.js';
import {
  claimDueMessages, deleteSubscription, markGaveUp, markRetry, markSent, purgeFinished, subscriptionsOf,
  type OutboxRow, type SubscriptionRow,
} from './push.repo.js';
import { checkPushEndpoint, isRefusedPushAddress, pushLookup, systemResolver, type Resolver } from './pushEndpoint.js';
import { vapidDetails, type VapidDetails } from './vapid.js';

/** How often each instance looks for due messages. */
export const PUSH_JOB_EVERY_MS = 10_000;
/** A claimed batch must be finished within the lease, else its rows become due again. */
const LEASE_MS = 10 * 60_000;
const BATCH = 20;
const MAX_BATCHES_PER_RUN = 10;
const SEND_TIMEOUT_MS = 15_000;
export const MAX_ATTEMPTS = 8;
/** Push services keep an undelivered message (device offline) this long. */
const TTL_SECONDS = 24 * 3600;
const KEEP_FINISHED_MS = 30 * 24 * 3600_000;
const PURGE_EVERY_MS = 3600_000;
/** Payload text limits: the encrypted record must stay under 4 kB. */
const TITLE_MAX = 200;
const BODY_MAX = 1500;

/** Back-off after the n-th failed attempt: 1, 2, 4, ... minutes, at most 6 hours. */
export function backoffMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3600_000);
}

const clip = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1)}…`);

export function payloadFor(message: Pick<OutboxRow, 'title' | 'body' | 'url'>, basePath: string): PushPayload {
  const url = /^https?:\/\//i.test(message.url) ? message.url : `${basePath}${message.url.startsWith('/') ? '' : '/'}${message.url}`;
  return { title: clip(message.title, TITLE_MAX), body: clip(message.body, BODY_MAX), url };
}

/** refused: the endpoint (or what its name resolves to) is not a place push may go; the subscription is removed. */
type Outcome = 'delivered' | 'gone' | 'refused' | 'failed' | 'retry';
interface SendResult { outcome: Outcome; detail: string }

/**
 * One POST to a push service, by hand so that a loopback http endpoint (tests) works like an https
 * one. The socket resolves the host with `pushLookup`, which refuses unless every address is
 * allowed and connects to the very addresses it checked. IP-literal hosts are never looked up:
 * checkPushEndpoint has judged them. A fresh agent per request: no pooled socket made elsewhere.
 */
function post(url: URL, loopback: boolean, resolve: Resolver, headers: Record<string, string | number>, body: Buffer | null): Promise<{ status: number; text: string }> {
  const lib = url.protocol === 'http:' ? http : https;
  return new Promise((done, reject) => {
    const req = lib.request(url, { method: 'POST', headers, timeout: SEND_TIMEOUT_MS, agent: false, lookup: pushLookup(resolve, loopback) }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { if (text.length < 1000) text += chunk; });
      res.on('end', () => done({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('push service did not answer in time')));
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}

async function sendOne(sub: SubscriptionRow, payload: PushPayload, vapid: VapidDetails, deps: AppDeps, resolve: Resolver): Promise<SendResult> {
  // Checked again at every send: the rules (or PUSH_ALLOWED_HOSTS) may be stricter than when it was stored.
  const check = checkPushEndpoint(sub.endpoint, deps.config.push);
  if (!check.ok) return { outcome: 'refused', detail: `endpoint not allowed: ${check.reason}` };
  try {
    // Loaded at the first push sent, not at start-up (issue 19, memory); import() caches it after.
    const { default: webpush } = await import('web-push');
    const details = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify(payload),
      { vapidDetails: vapid, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm', urgency: 'normal' },
    );
    const { status, text } = await post(check.url, check.loopback, resolve, details.headers as Record<string, string | number>, details.body as Buffer | null);
    if (status >= 200 && status < 300) return { outcome: 'delivered', detail: String(status) };
    // The subscription expired or was revoked: forget it.
    if (status === 404 || status === 410) return { outcome: 'gone', detail: String(status) };
    // Throttled or the push service is having trouble: later. Other 4xx: this message will never go.
    if (status === 429 || status >= 500 || status === 408) return { outcome: 'retry', detail: `HTTP ${status} ${text.slice(0, 200)}` };
    return { outcome: 'failed', detail: `HTTP ${status} ${text.slice(0, 200)}` };
  } catch (err) {
    if (isRefusedPushAddress(err)) return { outcome: 'refused', detail: `endpoint not allowed: ${(err as Error).message}` };
    return { outcome: 'retry', detail: (err as Error).message || String(err) };
  }
}

/** `removed` counts subscriptions forgotten because the push service said gone or because they were refused. */
export interface PushRunSummary { messages: number; delivered: number; removed: number; retried: number; gaveUp: number }

export interface PushSendOptions {
  /** How host names are resolved before connecting (default: the system resolver). */
  resolve?: Resolver;
}

/**
 * Sends due push messages: each to every subscription of its person (those not yet reached by an
 * earlier attempt), removing subscriptions the push service reports gone and retrying the rest with
 * back-off. Safe when every instance runs it at once (rows are claimed with SKIP LOCKED).
 */
export async function sendDuePushMessages(deps: AppDeps, options: PushSendOptions = {}): Promise<PushRunSummary> {
  const resolve = options.resolve ?? systemResolver;
  const summary: PushRunSummary = { messages: 0, delivered: 0, removed: 0, retried: 0, gaveUp: 0 };
  let vapid: VapidDetails | undefined;
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
    const messages = await claimDueMessages(deps.pool, deps.now(), LEASE_MS, BATCH);
    if (messages.length === 0) break;
    vapid ??= await vapidDetails(deps.pool, deps.config);
    for (const message of messages) {
      summary.messages++;
      const done = new Set(message.deliveredSubscriptionIds);
      const subs = (await subscriptionsOf(deps.pool, message.userId)).filter((s) => !done.has(s.id));
      const payload = payloadFor(message, deps.config.basePath);
      const results = await Promise.all(subs.map(async (s) => ({ sub: s, ...(await sendOne(s, payload, vapid!, deps, resolve)) })));
      const errors: string[] = [];
      for (const r of results) {
        if (r.outcome === 'delivered') { done.add(r.sub.id); summary.delivered++; }
        if (r.outcome === 'gone' || r.outcome === 'refused') { await deleteSubscription(deps.pool, r.sub.id); summary.removed++; }
        if (r.outcome === 'refused' || r.outcome === 'failed' || r.outcome === 'retry') errors.push(`subscription ${r.sub.id}: ${r.detail}`);
      }
      const now = deps.now();
      const mustRetry = results.some((r) => r.outcome === 'retry');
      const note = errors.length ? errors.join('; ').slice(0, 2000) : null;
      if (!mustRetry) {
        await markSent(deps.pool, message.id, now, note);
      } else if (message.attempts >= MAX_ATTEMPTS) {
        await markGaveUp(deps.pool, message.id, now, note!, [...done]);
        summary.gaveUp++;
      } else {
        await markRetry(deps.pool, message.id, new Date(now.getTime() + backoffMs(message.attempts)), note!, [...done]);
        summary.retried++;
      }
    }
    if (messages.length < BATCH) break;
  }
  return summary;
}

/** The registry's entry: send due messages; once an hour, forget messages finished a month ago. */
export function pushJob(deps: AppDeps): Job {
  // Keys are made on first start (not at the first subscription), so every instance agrees early.
  void vapidDetails(deps.pool, deps.config).catch(() => undefined);
  let lastPurge = 0;
  return {
    name: 'send push notifications',
    everyMs: PUSH_JOB_EVERY_MS,
    run: async () => {
      const summary = await sendDuePushMessages(deps);
      const now = deps.now().getTime();
      if (now - lastPurge >= PURGE_EVERY_MS) {
        lastPurge = now;
        await purgeFinished(deps.pool, new Date(now - KEEP_FINISHED_MS));
      }
      return summary;
    },
  };
}
