import pg from 'pg';
import { LIVE_CHANNEL } from './liveEvents.js';

export interface ListenerEvents {
  /** A NOTIFY payload on the live channel. */
  onNotice: (payload: string | undefined) => void;
  /** LISTEN is (again) in place. `afterLoss`: it had been lost, so notices may have been missed. */
  onListening: (afterLoss: boolean) => void;
  onLost?: (err: unknown) => void;
}

/** Back-off between reconnection attempts: 0.5 s doubling to 30 s. */
export const backOffMs = (attempt: number): number => Math.min(30_000, 500 * 2 ** Math.min(attempt, 6));
/** A silent TCP loss is noticed by a ping this often (a failed ping reconnects). */
const PING_MS = 30_000;

/**
 * The one LISTEN connection of this instance (not one per client): its own pg.Client with the pool's
 * settings, outside the pool so it never takes a slot from requests. Reconnects with back-off.
 */
export class LiveListener {
  private client: pg.Client | undefined;
  private attempt = 0;
  private everListened = false;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;
  private firstReady: Promise<void> | undefined;

  constructor(private readonly clientConfig: pg.ClientConfig, private readonly events: ListenerEvents) {}

  /** Resolves once LISTEN is in place for the first time (or the first attempt failed: retries go on). */
  start(): Promise<void> {
    this.firstReady ??= this.connect();
    return this.firstReady;
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ ...this.clientConfig, application_name: 'hotdesk-live' });
    this.client = client;
    client.on('notification', (msg) => { if (msg.channel === LIVE_CHANNEL) this.events.onNotice(msg.payload); });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('LISTEN connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (err) {
      this.lost(client, err);
      return;
    }
    if (this.stopped) { await client.end().catch(() => undefined); return; }
    const afterLoss = this.everListened;
    this.everListened = true;
    this.attempt = 0;
    this.pingTimer = setInterval(() => { client.query('SELECT 1').catch((err: unknown) => this.lost(client, err)); }, PING_MS);
    this.pingTimer.unref();
    this.events.onListening(afterLoss);
  }

  private lost(client: pg.Client, err: unknown): void {
    if (client !== this.client || this.stopped) return;
    this.client = undefined;
    clearInterval(this.pingTimer);
    client.removeAllListeners('notification');
    client.on('error', () => undefined);
    client.end().catch(() => undefined);
    this.events.onLost?.(err);
    // Notices sent while no one listened are gone: the next LISTEN counts as after a loss.
    this.everListened ||= this.attempt === 0;
    this.retryTimer = setTimeout(() => { void this.connect(); }, backOffMs(this.attempt++));
    this.retryTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    const client = this.client;
    this.client = undefined;
    if (client) await client.end().catch(() => undefined);
  }
}
