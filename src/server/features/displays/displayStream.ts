import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badInput } from '../../http/errors.js';
import type pg from 'pg';
import { parseNotice } from '../live/liveEvents.js';
import { LiveListener } from '../live/liveListener.js';
import { RETRY_MS } from '../live/liveHub.js';

/** Streams per display (a reload opens a new one before the old one is noticed as closed). */
const PER_DISPLAY = 2;
/** Display streams per instance; beyond it new ones get 503 (Retry-After), as the live channel does. */
export const MAX_DISPLAY_STREAMS = 2000;
const HEARTBEAT_MS = 25_000;
/**
 * A stream ends after this long, so a revoked token is refused at the reconnect on every instance
 * (revocation also closes the display's streams on the instance that revoked it at once).
 */
const LIFETIME_MS = 5 * 60_000;

/** A door display hears its room's bookings; a lobby board (roomId null) every booking of its site, rooms and desks. */
interface DisplayClient { displayId: number; roomId: number | null; siteId: number | null; res: ServerResponse; lifetime: NodeJS.Timeout }

/**
 * The display variant of the live channel: the same NOTIFY feed (migration 0025) read by the same
 * LiveListener, but each display hears only `changed` (no data at all) when a booking of its own room
 * changes, then refetches its state through its own route. Nothing of a notice is forwarded, so a
 * display learns nothing about other rooms, nor anything of its own beyond "look again".
 * One LISTEN connection per instance for displays, opened with the first display stream.
 */
export class DisplayHub {
  private readonly clients = new Set<DisplayClient>();
  private listener: LiveListener | undefined;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(private readonly pool: pg.Pool, private readonly onLost: (err: unknown) => void = () => undefined) {}

  full(): boolean { return this.clients.size >= MAX_DISPLAY_STREAMS; }

  ready(): Promise<void> {
    this.listener ??= new LiveListener(this.pool.options, {
      onNotice: (payload) => this.notice(payload),
      onListening: (afterLoss) => { if (afterLoss) for (const c of this.clients) this.write(c, 'event: changed\ndata: {}\n\n'); },
      onLost: this.onLost,
    });
    return this.listener.start();
  }

  private notice(payload: string | undefined): void {
    const n = parseNotice(payload);
    if (!n) return;
    for (const c of this.clients) {
      if ((n.k === 'room' && n.r !== null && c.roomId === n.r) || (c.siteId !== null && c.siteId === n.s)) this.write(c, 'event: changed\ndata: {}\n\n');
    }
  }

  /** `target`: a room id (door display) or { siteId } (lobby board). */
  open(displayId: number, target: number | { siteId: number }, res: ServerResponse): void {
    const roomId = typeof target === 'number' ? target : null;
    const siteId = typeof target === 'number' ? null : target.siteId;
    const mine = [...this.clients].filter((c) => c.displayId === displayId);
    while (mine.length >= PER_DISPLAY) mine.shift()!.res.end();
    const lifetime = setTimeout(() => res.end(), LIFETIME_MS + Math.floor(Math.random() * LIFETIME_MS * 0.1));
    lifetime.unref();
    const client: DisplayClient = { displayId, roomId, siteId, res, lifetime };
    this.clients.add(client);
    res.on('close', () => {
      this.clients.delete(client);
      clearTimeout(lifetime);
      if (this.clients.size === 0) { clearInterval(this.heartbeat); this.heartbeat = undefined; }
    });
    this.write(client, `retry: ${RETRY_MS}\n\nevent: ready\ndata: {}\n\n`);
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => { for (const c of this.clients) this.write(c, ': hb\n\n'); }, HEARTBEAT_MS);
      this.heartbeat.unref();
    }
  }

  /** A revoked display's streams on this instance end now. */
  closeDisplay(displayId: number): void {
    for (const c of [...this.clients]) if (c.displayId === displayId) c.res.end();
  }

  private write(c: DisplayClient, text: string): void {
    if (c.res.writableEnded || c.res.destroyed) return;
    if (c.res.writableLength > 64 * 1024) { c.res.destroy(); return; }
    c.res.write(text);
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    for (const c of [...this.clients]) c.res.end();
    await this.listener?.stop();
  }
}

/**
 * Answers a display's live request with the stream (door displays and lobby boards alike): refuses a
 * request that does not ask for an event stream (400) and a full server (503 with Retry-After), then
 * hands the connection to the hub.
 */
export async function openDisplayStream(
  hub: DisplayHub, request: FastifyRequest, reply: FastifyReply, displayId: number, target: number | { siteId: number },
): Promise<void> {
  if (!String(request.headers.accept ?? '').includes('text/event-stream')) throw badInput('This is an event stream: ask for it with Accept: text/event-stream.');
  if (hub.full()) { void reply.header('Retry-After', '30'); throw new AppError('UNAVAILABLE', 'Too many live connections on this server; try again shortly.'); }
  await hub.ready();
  reply.hijack();
  reply.raw.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no',
    'X-Content-Type-Options': 'nosniff', Connection: 'keep-alive',
  });
  reply.raw.flushHeaders();
  hub.open(displayId, target, reply.raw);
}
