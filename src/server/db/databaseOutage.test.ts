import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startEmbeddedDatabase, type EmbeddedDatabase } from './embedded.js';
import { createPool } from './pool.js';
import { migrate } from './migrate.js';
import { buildTestApp, createUser } from '../testing/testApp.js';

// A database of its own (not the shared test cluster), stopped and started again under a running app.
const dir = mkdtempSync(join(tmpdir(), 'hotdesk-outage-'));
chmodSync(dir, 0o755);
let db: EmbeddedDatabase | undefined;
afterAll(async () => {
  await db?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('when PostgreSQL goes away', () => {
  it('answers 503 quickly while it is down and recovers by itself when it returns', async () => {
    const port = await freePort();
    db = await startEmbeddedDatabase({ dataDir: dir, log: () => undefined, port });
    const pool = createPool(db.url, 5);
    await migrate(pool);
    const t = await buildTestApp({ pool });
    const user = await createUser(t);
    const settings = () => t.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie: user.cookie } });
    expect((await settings()).statusCode).toBe(200);

    await db.stop();
    const started = Date.now();
    const down = await settings();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ Code: 'UNAVAILABLE' });
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    db = await startEmbeddedDatabase({ dataDir: dir, log: () => undefined, port });
    let recovered = 0;
    for (let i = 0; i < 20 && recovered !== 200; i++) {
      recovered = (await settings()).statusCode;
      if (recovered !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(recovered).toBe(200);
    await t.close();
    await pool.end();
  }, 60_000);
});
