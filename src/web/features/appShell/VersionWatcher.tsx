import { useEffect } from 'react';
import { parseVersion, versionAction } from '../../../domain/version.js';
import { withBase } from '../../app/basePath.js';
import { whenIdle } from '../../app/whenIdle.js';
import { clearCaches, registerServiceWorker } from './serviceWorker.js';

/** SPEC 4 'New version': how often /meta.json is asked (also on focus and when the tab is shown again). */
export const VERSION_POLL_MS = 60_000;
/** The first ask waits this long after the app starts, then for an idle moment (at most a second more). */
const FIRST_CHECK_AFTER_MS = 2_000;

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

    // The first ask waits until the first screen is drawn and the browser is idle: at the start of a
    // page's load it was one more request among the screen's own, on the path to their first paint
    // (Lighthouse's simulated slow connection, issue 19 point 7). Nothing depends on it earlier.
    let cancelFirst = () => {};
    const first = window.setTimeout(() => { cancelFirst = whenIdle(() => void check()); }, FIRST_CHECK_AFTER_MS);
    const timer = window.setInterval(() => void check(), VERSION_POLL_MS);
    const onFocus = () => void check();
    const onVisible = () => { if (document.visibilityState === 'visible') void check(); };
    // The service worker and the listeners come at an idle moment too: in this effect, which runs in
    // the app's first commit, they took ~10 ms of it (bench/README.md, session 23).
    const cancelStart = whenIdle(() => {
      void registerServiceWorker();
      window.addEventListener('focus', onFocus);
      document.addEventListener('visibilitychange', onVisible);
    });
    return () => {
      stopped = true;
      cancelStart();
      window.clearTimeout(first);
      cancelFirst();
      window.clearInterval(timer);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  return null;
}
