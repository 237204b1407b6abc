import { api, ApiError } from '../../app/api.js';
import type { PushPublicKey } from '../../../domain/wire/push.js';
import { serviceWorkerRegistration } from '../appShell/serviceWorker.js';

/** This browser can receive web push: service workers, PushManager and notifications (secure context). */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

export function urlBase64ToBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

const sameBytes = (a: ArrayBuffer | null | undefined, b: Uint8Array) => {
  if (!a || a.byteLength !== b.byteLength) return false;
  const x = new Uint8Array(a);
  return x.every((v, i) => v === b[i]);
};

/** This browser's current push subscription, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await serviceWorkerRegistration();
  return reg ? reg.pushManager.getSubscription() : null;
}

/**
 * Subscribes this browser with the server's VAPID key (re-subscribing if the key changed) and
 * stores the subscription for the signed-in person (POST /api/pushMessaging). Throws on failure;
 * callers only log it (SPEC 7).
 */
export async function subscribeToPush(): Promise<void> {
  const reg = await serviceWorkerRegistration();
  if (!reg) throw new Error('The service worker is not registered.');
  const { PublicKey } = await api.get<PushPublicKey>('/api/pushMessaging/publicKey');
  const key = urlBase64ToBytes(PublicKey);
  let sub = await reg.pushManager.getSubscription();
  if (sub && !sameBytes(sub.options.applicationServerKey, key)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await saveSubscription(sub);
}

/**
 * Tells the server about this browser's subscription for the signed-in person. The server never moves
 * an endpoint from one person to another (409: someone else signed in on this browser registered it), so
 * then this browser takes a new endpoint: the old one stops working and the server drops it at its
 * next push (410), and the new one is the signed-in person's alone.
 */
export async function saveSubscription(sub: PushSubscription): Promise<void> {
  try {
    await postSubscription(sub);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 409) throw err;
    const key = sub.options.applicationServerKey;
    const reg = await serviceWorkerRegistration();
    if (!reg || !key) throw err;
    await sub.unsubscribe();
    await postSubscription(await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  }
}

function postSubscription(sub: PushSubscription): Promise<unknown> {
  const json = sub.toJSON();
  return api.post('/api/pushMessaging', { endpoint: sub.endpoint, p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' });
}
