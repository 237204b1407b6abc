import { api } from '../../app/api.js';
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

/** Tells the server about an existing subscription (it moves to whoever is signed in in this browser). */
export async function saveSubscription(sub: PushSubscription): Promise<void> {
  const json = sub.toJSON();
  await api.post('/api/pushMessaging', { endpoint: sub.endpoint, p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' });
}
