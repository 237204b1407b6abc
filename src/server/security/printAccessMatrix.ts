/**
 * Prints the routes the app declares, as lines for accessMatrix.ts (used when routes change:
 * `npx tsx src/server/security/printAccessMatrix.ts`). Builds the app without a database connection.
 */
import pg from 'pg';
import { buildApp } from '../app.js';
import { parseConfig } from '../config.js';
import { SessionStore } from '../auth/sessions.js';
import { SignInLimiter } from '../auth/signInLimiter.js';

const pool = new pg.Pool({ connectionString: 'postgres://none:none@127.0.0.1:1/none' });
const config = parseConfig({ LOG_LEVEL: 'silent' });
const app = await buildApp({ config, pool, sessions: new SessionStore(pool, 60), signInLimiter: new SignInLimiter(pool), now: () => new Date(), version: 'x' }, { web: false, logger: false });
await app.ready();
for (const [route, access] of [...app.declaredRoutes].sort(([a], [b]) => a.split(' ')[1]!.localeCompare(b.split(' ')[1]!) || a.localeCompare(b))) {
  console.log(`  '${route}': '${access}',`);
}
await app.close();
await pool.end();
