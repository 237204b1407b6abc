/* Hotdesk service worker (issue 7): shows push notifications and opens the right page when one is
 * clicked; keeps hashed assets and the last page shell for offline starts. API calls, sign-in and
 * /meta.json always go to the network: stale booking data must never be served from here.
 * Registered by src/web/features/push/serviceWorker.ts at {base}/sw.js with scope {base}/. */
/* global self, caches, clients, URL, fetch */

const ASSETS_CACHE = 'hotdesk-assets-v1';
const SHELL_CACHE = 'hotdesk-shell-v1';
const KNOWN_CACHES = [ASSETS_CACHE, SHELL_CACHE];
const SCOPE = new URL(self.registration.scope);
const BASE = SCOPE.pathname.replace(/\/$/, ''); // '' or '/hotdesk'
const NETWORK_ONLY = ['/api/', '/auth/', '/MicrosoftIdentity/', '/ical/', '/meta.json', '/readyz', '/healthz', '/sw.js'];

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith('hotdesk-') && !KNOWN_CACHES.includes(key)) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

function appPath(url) {
  return url.pathname.startsWith(`${BASE}/`) || url.pathname === BASE ? url.pathname.slice(BASE.length) || '/' : null;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const path = appPath(url);
  if (path === null) return;
  // Network only: the browser's default handling, nothing stored.
  if (NETWORK_ONLY.some((p) => path === p || path.startsWith(p)) || path.startsWith('/api')) return;

  // Hashed build files never change: cache first.
  if (path.startsWith('/assets/')) {
    event.respondWith((async () => {
      const cache = await caches.open(ASSETS_CACHE);
      const hit = await cache.match(request);
      if (hit) return hit;
      const response = await fetch(request);
      if (response.ok) await cache.put(request, response.clone());
      return response;
    })());
    return;
  }

  // Pages: always the network; the last good page shell only when offline.
  if (request.mode === 'navigate') {
    event.respondWith((async () => {
      try {
        const response = await fetch(request);
        if (response.ok && (response.headers.get('content-type') || '').includes('text/html')) {
          const cache = await caches.open(SHELL_CACHE);
          await cache.put(`${BASE}/`, response.clone());
        }
        return response;
      } catch (err) {
        const cached = await caches.match(`${BASE}/`, { cacheName: SHELL_CACHE });
        if (cached) return cached;
        throw err;
      }
    })());
  }
});

/** Only pages of this app are opened from a notification. */
function targetUrl(raw) {
  try {
    const url = new URL(raw || `${BASE}/menu`, self.registration.scope);
    if (url.origin === self.location.origin && appPath(url) !== null) return url.href;
  } catch {
    // fall through
  }
  return new URL(`${BASE}/menu`, self.location.origin).href;
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Hotdesk';
  event.waitUntil(self.registration.showNotification(title, {
    body: typeof data.body === 'string' ? data.body : '',
    icon: `${BASE}/icons/icon-192.png`,
    badge: `${BASE}/icons/badge-96.png`,
    data: { url: targetUrl(data.url) },
  }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = targetUrl(event.notification.data && event.notification.data.url);
  event.waitUntil((async () => {
    const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
    // A tab already on that page: focus it. Another tab of the app: bring it there. None: open one.
    const exact = windows.find((w) => w.url === url);
    if (exact) return exact.focus();
    const ours = windows.find((w) => appPath(new URL(w.url)) !== null && 'navigate' in w);
    if (ours) {
      try {
        const navigated = await ours.navigate(url);
        return (navigated || ours).focus();
      } catch {
        // An uncontrolled tab cannot be navigated from here: open a new one instead.
      }
    }
    return clients.openWindow(url);
  })());
});

// The page asks the worker to drop its caches when a new version is deployed (VersionWatcher).
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'hotdesk:clear-caches') {
    event.waitUntil((async () => {
      for (const key of await caches.keys()) await caches.delete(key);
    })());
  }
});
