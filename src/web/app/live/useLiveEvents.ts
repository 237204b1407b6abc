import { useEffect, useRef, useSyncExternalStore } from 'react';
import { liveConnection, type LiveMessage, type LiveStatus } from './liveConnection.js';

/**
 * Calls `onEvent` for each live message that `filter` accepts, while the component is mounted and
 * `enabled`. Both functions may change on every render (the latest ones are used). Screens usually
 * invalidate their react-query keys here, and always on { type: 'resync' }.
 */
export function useLiveEvents(filter: (message: LiveMessage) => boolean, onEvent: (message: LiveMessage) => void, enabled = true): void {
  const latest = useRef({ filter, onEvent });
  latest.current = { filter, onEvent };
  useEffect(() => {
    if (!enabled) return undefined;
    return liveConnection.subscribe((message) => {
      if (latest.current.filter(message)) latest.current.onEvent(message);
    });
  }, [enabled]);
}

/** The live connection's state, for the offline mark. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore((notify) => liveConnection.onStatus(notify), () => liveConnection.status, () => 'idle');
}
