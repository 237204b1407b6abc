/**
 * Feed texts already written, by ETag, in this process. The ETag covers everything a feed says but
 * its DTSTAMP (busyFeed.service.ts), so a text found here is the answer: a room finder or calendar
 * that re-reads an unchanged feed without If-None-Match costs the two reads that make the ETag, not
 * the writing (a room with a year of bookings writes ~550 KB of events). Bounded by total characters;
 * the oldest written goes first. Nothing here is personal: the feeds hold busy times only.
 */
export const RENDERED_FEEDS_MAX_CHARS = 16 * 1024 * 1024;

export class RenderedFeeds {
  private readonly texts = new Map<string, string>();
  private chars = 0;

  constructor(private readonly maxChars = RENDERED_FEEDS_MAX_CHARS) {}

  get(etag: string): string | undefined {
    return this.texts.get(etag);
  }

  add(etag: string, text: string): void {
    if (text.length > this.maxChars || this.texts.has(etag)) return;
    this.texts.set(etag, text);
    this.chars += text.length;
    for (const [oldest, old] of this.texts) {
      if (this.chars <= this.maxChars) break;
      this.texts.delete(oldest);
      this.chars -= old.length;
    }
  }
}
