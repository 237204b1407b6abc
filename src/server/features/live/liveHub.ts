import type { ServerResponse } from 'node:http';
import { bookingEventFor, parseNotice, touchesApprovals, type Receiver, type RingEvent } from './liveEvents.js';
import { LiveRing } from './liveRing.js';
import type { LiveListener } from './liveListener.js';
import type { LiveLimits } from './liveLimits.js';

/** One open event stream. */
interface LiveClient { receiver: Receiver; res: ServerResponse; openedAt: number; lifetime: NodeJS.Timeout }

/** A client that has not read this much of what was written is too slow: it is closed (it reconnects and catches up). */
const MAX_UNREAD_BYTES = 256 * 1024;

/** The `retry:` hint: how long EventSource waits before reconnecting after a close. */
export const RETRY_MS = 3000;

/**
 * The live clients of this instance and what reaches them: every notice from the LISTEN connection is
 * numbered in the ring, then written to each client allowed to see it. One heartbeat timer for all.
 */
export class LiveHub {
  readonly ring: LiveRing;
  private readonly clients = new Set<LiveClient>();
  private readonly byUser = new Map<number, LiveClient[]>();
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(private readonly limits: LiveLimits, private readonly listener: () => LiveListener, ring = new LiveRing(limits.ringSize, limits.ringMaxAgeMs)) {
    this.ring = ring;
  }

  get size(): number { return this.clients.size; }
  full(): boolean { return this.clients.size >= this.limits.maxPerInstance; }

  /** Starts listening (once) before the first client is served, so nothing is missed after it connects. */
  ready(): Promise<void> { return this.listener().start(); }

  /** A NOTIFY payload arrived. */
  notice(payload: string | undefined): void {
    const notice = parseNotice(payload);
    if (!notice) return;
    const event = this.ring.push(notice);
    for (const client of this.clients) this.deliver(client, event);
  }

  /** LISTEN was lost and is back: events in between are unknown, so every client refetches. */
  listening(afterLoss: boolean): void {
    if (!afterLoss) return;
    this.ring.restart();
    for (const client of this.clients) this.write(client, 'event: resync\ndata: {}\n\n');
  }

  /**
   * Opens the stream on `res` (headers already written by the route): the catch-up after
   * `lastEventId` or a resync, then live events. The person's oldest stream beyond their limit is closed.
   */
  open(receiver: Receiver, res: ServerResponse, lastEventId: string | undefined): void {
    const lifetime = setTimeout(() => res.end(), this.limits.maxLifetimeMs + Math.floor(Math.random() * this.limits.maxLifetimeMs * 0.1));
    lifetime.unref();
    const client: LiveClient = { receiver, res, openedAt: Date.now(), lifetime };
    const mine = this.byUser.get(receiver.userId) ?? [];
    while (mine.length >= this.limits.maxPerPerson) mine.shift()!.res.end();
    mine.push(client);
    this.byUser.set(receiver.userId, mine);
    this.clients.add(client);
    res.on('close', () => this.remove(client));

    let head = `retry: ${RETRY_MS}\n\n`;
    if (lastEventId !== undefined) {
      const missed = this.ring.after(lastEventId);
      if (missed) for (const event of missed) head += this.format(client, event);
      else head += 'event: resync\ndata: {}\n\n';
    }
    head += `event: ready\ndata: {}\n\n`;
    this.write(client, head);
    this.startHeartbeat();
  }

  private remove(client: LiveClient): void {
    if (!this.clients.delete(client)) return;
    clearTimeout(client.lifetime);
    const mine = this.byUser.get(client.receiver.userId);
    const left = mine?.filter((c) => c !== client) ?? [];
    if (left.length > 0) this.byUser.set(client.receiver.userId, left);
    else this.byUser.delete(client.receiver.userId);
    if (this.clients.size === 0) { clearInterval(this.heartbeat); this.heartbeat = undefined; }
  }

  /** The text of one event for this client ('' when they may not see it). */
  private format(client: LiveClient, event: RingEvent): string {
    const id = this.ring.idOf(event);
    let text = '';
    const booking = bookingEventFor(event.notice, client.receiver);
    if (booking) text += `id: ${id}\nevent: booking\ndata: ${JSON.stringify(booking)}\n\n`;
    if (client.receiver.approver && touchesApprovals(event.notice)) text += `id: ${id}\nevent: approvals\ndata: {}\n\n`;
    return text;
  }

  private deliver(client: LiveClient, event: RingEvent): void {
    const text = this.format(client, event);
    if (text) this.write(client, text);
  }

  private write(client: LiveClient, text: string): void {
    if (client.res.writableEnded || client.res.destroyed) return;
    if (client.res.writableLength > MAX_UNREAD_BYTES) { client.res.destroy(); return; }
    client.res.write(text);
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    // A comment line every ~25 s keeps proxies from closing an idle stream and shows a dead client.
    this.heartbeat = setInterval(() => { for (const c of this.clients) this.write(c, ': hb\n\n'); }, this.limits.heartbeatMs);
    this.heartbeat.unref();
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    for (const client of [...this.clients]) client.res.end();
    await this.listener().stop();
  }
}
