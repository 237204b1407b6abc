import http from 'node:http';

/** One parsed Server-Sent Event. */
export interface SseEvent { id?: string; event: string; data: string; /** performance.now() when it arrived. */ at: number }

/**
 * A plain HTTP client of GET /api/live for tests and the benchmark: collects parsed events and lets a
 * caller wait for one. Not EventSource: it does not reconnect by itself.
 */
export class SseTestClient {
  readonly events: SseEvent[] = [];
  status = 0;
  closed = false;
  comments = 0;
  private waiters: Array<() => void> = [];
  private req: http.ClientRequest | undefined;
  private res: http.IncomingMessage | undefined;
  body = '';

  static open(url: string, headers: Record<string, string>): Promise<SseTestClient> {
    const client = new SseTestClient();
    return new Promise((resolve, reject) => {
      client.req = http.get(url, { headers: { accept: 'text/event-stream', ...headers }, agent: false }, (res) => {
        client.res = res;
        client.status = res.statusCode ?? 0;
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          if (client.status !== 200) { client.body += chunk; return; }
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            client.parse(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
        });
        res.on('close', () => { client.closed = true; client.wake(); });
        res.on('end', () => { client.closed = true; client.wake(); });
        resolve(client);
      });
      client.req.on('error', (err) => { client.closed = true; client.wake(); reject(err); });
    });
  }

  private parse(block: string): void {
    const event: SseEvent = { event: 'message', data: '', at: performance.now() };
    let any = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) { this.comments++; continue; }
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') { event.id = value; any = true; }
      if (field === 'event') { event.event = value; any = true; }
      if (field === 'data') { event.data += value; any = true; }
    }
    if (any && (event.data !== '' || event.event !== 'message')) { this.events.push(event); this.wake(); }
  }

  private wake(): void { for (const w of this.waiters.splice(0)) w(); }

  /** The first event (from `from` on) matching `test`, waiting up to `timeoutMs`. */
  async waitFor(test: (e: SseEvent) => boolean, timeoutMs = 2000, from = 0): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.slice(from).find(test);
      if (found) return found;
      if (this.closed) throw new Error(`stream closed; events: ${JSON.stringify(this.events)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching event within ${timeoutMs} ms; events: ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => { const timer = setTimeout(resolve, left); this.waiters.push(() => { clearTimeout(timer); resolve(); }); });
    }
  }

  async waitClosed(timeoutMs = 2000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed) {
      if (Date.now() > deadline) throw new Error('still open');
      await new Promise<void>((resolve) => { const timer = setTimeout(resolve, deadline - Date.now()); this.waiters.push(() => { clearTimeout(timer); resolve(); }); });
    }
  }

  close(): void { this.req?.destroy(); this.res?.destroy(); }
}
