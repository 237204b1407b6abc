import { useEffect, useRef, useState } from 'react';
import { withBase } from '../../app/basePath.js';
import { doorLivePath } from './displaysApi.js';

/** Our own reconnect after the stream gave up (a refusal, or the network gone): 2 s doubling to 30 s. */
const backOffMs = (attempt: number) => Math.min(30_000, 2000 * 2 ** Math.min(attempt, 4));

/**
 * The door's live stream (GET /api/display/rooms/{id}/live): `onChange` on every 'changed' and on
 * 'ready' (a new or re-made stream: whatever happened meanwhile is fetched). Answers whether the stream
 * is up; the screen shows its offline mark while it is not.
 */
export function useDoorLive(roomId: number, onChange: () => void): boolean {
  return useDisplayLive(doorLivePath(roomId), onChange);
}

/** The same for any display stream: the door's, or a lobby board's (GET /api/display/sites/{id}/live). */
export function useDisplayLive(path: string, onChange: () => void): boolean {
  const [online, setOnline] = useState(true);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    if (typeof EventSource === 'undefined') return undefined;
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;
    const open = () => {
      source = new EventSource(withBase(path), { withCredentials: true });
      source.addEventListener('ready', () => { attempt = 0; setOnline(true); latest.current(); });
      source.addEventListener('changed', () => latest.current());
      source.onerror = () => {
        setOnline(false);
        // Ask for the state at once: a revoked display learns it (401) now, an offline one shows its mark.
        latest.current();
        // EventSource retries by itself while CONNECTING; once CLOSED (refused, or offline) we do, with back-off.
        if (source?.readyState !== EventSource.CLOSED) return;
        source.close();
        if (!stopped) timer = setTimeout(open, backOffMs(attempt++));
      };
    };
    open();
    const wentOffline = () => setOnline(false);
    // Back online: a fresh stream at once (its 'ready' refetches the state), whatever the old one believes.
    const cameBack = () => { clearTimeout(timer); source?.close(); attempt = 0; open(); };
    window.addEventListener('offline', wentOffline);
    window.addEventListener('online', cameBack);
    return () => {
      stopped = true; clearTimeout(timer); source?.close();
      window.removeEventListener('offline', wentOffline); window.removeEventListener('online', cameBack);
    };
  }, [path]);
  return online;
}
