import type { LiveBookingEvent } from '../../../domain/wire/live.js';
import { withBase } from '../basePath.js';

/** What a screen hears from the live channel (GET /api/live). */
export type LiveMessage =
  | { type: 'booking'; booking: LiveBookingEvent }
  /** The pending approval count may have changed (approvers only). */
  | { type: 'approvals' }
  /** Events may have been missed: refetch everything shown. */
  | { type: 'resync' };

export type LiveStatus = 'idle' | 'connecting' | 'open' | 'offline';

type Listener = (message: LiveMessage) => void;

/** Back-off of our own reconnects (after the server refused or closed for good): 1 s doubling to 30 s. */
const backOffMs = (attempt: number) => Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5));
/** The stream is kept this long after its last subscriber leaves, so moving between screens does not reconnect. */
const LINGER_MS = 5_000;

/**
 * The page's one live connection, shared by every useLiveEvents: an EventSource, opened while someone
 * listens. EventSource reconnects by itself after a dropped stream, sending Last-Event-ID so the server
 * catches up (or answers `resync`). When the server refuses (401, 503) EventSource gives up; we then
 * open a new one with back-off, and tell listeners to resync, since a new EventSource has no last id.
 */
class LiveConnection {
  private source: EventSource | undefined;
  private readonly listeners = new Set<Listener>();
  private readonly statusListeners = new Set<() => void>();
  private statusValue: LiveStatus = 'idle';
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private lingerTimer: ReturnType<typeof setTimeout> | undefined;
  private reopened = false;

  get status(): LiveStatus { return this.statusValue; }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    clearTimeout(this.lingerTimer);
    if (!this.source && this.retryTimer === undefined) this.open();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.lingerTimer = setTimeout(() => this.shut(), LINGER_MS);
    };
  }

  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => { this.statusListeners.delete(listener); };
  }

  private setStatus(status: LiveStatus): void {
    if (status === this.statusValue) return;
    this.statusValue = status;
    for (const l of this.statusListeners) l();
  }

  private emit(message: LiveMessage): void {
    for (const l of [...this.listeners]) {
      try { l(message); } catch (err) { console.error('Live update listener failed', err); }
    }
  }

  private open(): void {
    this.retryTimer = undefined;
    if (typeof EventSource === 'undefined') return;
    if (this.statusValue === 'idle') this.setStatus('connecting');
    const source = new EventSource(withBase('/api/live'), { withCredentials: true });
    this.source = source;
    source.addEventListener('ready', () => {
      this.attempt = 0;
      this.setStatus('open');
      if (this.reopened) { this.reopened = false; this.emit({ type: 'resync' }); }
    });
    source.addEventListener('booking', (e) => {
      try { this.emit({ type: 'booking', booking: JSON.parse((e as MessageEvent<string>).data) as LiveBookingEvent }); } catch { /* not ours */ }
    });
    source.addEventListener('approvals', () => this.emit({ type: 'approvals' }));
    source.addEventListener('resync', () => this.emit({ type: 'resync' }));
    source.onerror = () => {
      this.setStatus('offline');
      // CONNECTING: EventSource retries by itself with Last-Event-ID. CLOSED: it gave up; so do we, for a while.
      if (source.readyState !== EventSource.CLOSED) return;
      source.close();
      this.source = undefined;
      this.reopened = true;
      this.retryTimer = setTimeout(() => this.open(), backOffMs(this.attempt++));
    };
  }

  private shut(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.source?.close();
    this.source = undefined;
    this.attempt = 0;
    this.setStatus('idle');
  }
}

/** The page's live connection. */
export const liveConnection = new LiveConnection();
