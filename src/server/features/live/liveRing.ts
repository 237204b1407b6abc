import type { BookingNotice, RingEvent } from './liveEvents.js';

/**
 * The recent events of this instance, for a client that reconnects with Last-Event-ID: the last
 * `capacity` events no older than `maxAgeMs`. Event ids are "<epoch>-<seq>": `epoch` names this
 * ring's life (a new one after a restart or a lost LISTEN connection), so an id from another
 * instance or from before a gap is never mistaken for one of ours; the client is told to resync.
 */
export class LiveRing {
  private readonly events: RingEvent[] = [];
  private next = 1;
  epoch: string;

  constructor(private readonly capacity = 1000, private readonly maxAgeMs = 5 * 60_000, private readonly now = () => Date.now()) {
    this.epoch = LiveRing.newEpoch();
  }

  private static newEpoch = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36)}`;

  push(notice: BookingNotice): RingEvent {
    const event = { seq: this.next++, at: this.now(), notice };
    this.events.push(event);
    if (this.events.length > this.capacity) this.events.shift();
    return event;
  }

  idOf(event: RingEvent): string { return `${this.epoch}-${event.seq}`; }

  /** Events may have been missed (LISTEN connection lost): old ids can no longer be honoured. */
  restart(): void {
    this.epoch = LiveRing.newEpoch();
    this.events.length = 0;
  }

  /**
   * The events after `lastEventId`, or undefined when they cannot be given (unknown epoch, or older
   * than what is kept): the client must refetch everything.
   */
  after(lastEventId: string): RingEvent[] | undefined {
    const m = /^([a-z0-9]{1,20})-(\d{1,15})$/.exec(lastEventId);
    if (!m || m[1] !== this.epoch) return undefined;
    const seq = Number(m[2]);
    if (seq >= this.next) return undefined;
    const cutoff = this.now() - this.maxAgeMs;
    while (this.events.length > 0 && this.events[0]!.at < cutoff) this.events.shift();
    const oldest = this.events[0]?.seq ?? this.next;
    if (seq < oldest - 1) return undefined;
    return this.events.filter((e) => e.seq > seq);
  }
}
