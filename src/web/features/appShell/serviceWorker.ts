import { withBase } from '../../app/basePath.js';

/** The service worker script and scope: {base}/sw.js for {base}/ (public/sw.js). */
export const SW_URL = () => withBase('/sw.js');
export const SW_SCOPE = () => withBase('/');

let registering: Promise<ServiceWorkerRegistration | undefined> | undefined;

/**
 * Registers the service worker once per page (notifications, installability). `updateViaCache:
 * 'none'` makes the browser always revalidate sw.js itself. Failure is logged: the app works without it.
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !window.isSecureContext) return Promise.resolve(undefined);
  registering ??= navigator.serviceWorker
    .register(SW_URL(), { scope: SW_SCOPE(), updateViaCache: 'none' })
    .catch((err: unknown) => {
      console.error('Unable to register the service worker', err);
      return undefined;
    });
  return registering;
}

/** The active registration for the app's scope (waits for the registration, at most 10 s for activation). */
export async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  const reg = await registerServiceWorker();
  if (!reg) return undefined;
  if (reg.active) return reg;
  const ready = navigator.serviceWorker.ready;
  const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 10_000));
  return (await Promise.race([ready, timeout])) ?? undefined;
}

/** Empties every Cache Storage cache of this origin (new version: nothing stale may survive). */
export async function clearCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const keys = await caches.keys();
  await Promise.all(keys.map((k) => caches.delete(k)));
}
