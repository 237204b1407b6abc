import { useEffect } from 'react';
import { parseVersion, versionAction } from '../../../domain/version.js';
import { withBase } from '../../app/basePath.js';
import { clearCaches, registerServiceWorker } from './serviceWorker.js';

/** SPEC 4 'New version': how often /meta.json is asked (also on focus and when the tab is shown again). */
export const VERSION_POLL_MS = 60_000;

async function fetchVersion(): Promise<string | undefined> {
  const res = await fetch(withBase('/meta.json'), { cache: 'no-store', credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!res.ok) return undefined;
  const body = (await res.json()) as { version?: unknown };
  return typeof body.version === 'string' ? body.version : undefined;
}

/**
 * App-wide, rendered once (Providers): registers the service worker and watches /meta.json. The
 * first answer after load is the version this page runs; when a later answer differs (domain rule
 * versionAction), the caches are emptied and the page reloads, so nobody keeps running old code.
 */
export function VersionWatcher() {
  useEffect(() => {
    void registerServiceWorker();
    let loaded: string | undefined;
    let checking = false;
    let stopped = false;

    const check = async () => {
      if (checking || stopped) return;
      checking = true;
      try {
        const latest = await fetchVersion();
        if (latest === undefined || stopped) return;
        const action = versionAction(loaded, latest);
        if (action === 'clearCaches') await clearCaches();
        if (action === 'clearCachesAndReload') {
          stopped = true;
          await clearCaches();
          const reg = await navigator.serviceWorker?.getRegistration(withBase('/')).catch(() => undefined);
          await reg?.update().catch(() => undefined);
          window.location.reload();
          return;
        }
        if (parseVersion(latest)) loaded = latest;
      } catch {
        // Offline or the server is restarting: ask again at the next tick.
      } finally {
        checking = false;
      }
    };

    void check();
    const timer = window.setInterval(() => void check(), VERSION_POLL_MS);
    const onFocus = () => void check();
    const onVisible = () => { if (document.visibilityState === 'visible') void check(); };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  return null;
}
