// First: pg must be loaded before anything else imports it (see the module).
import './db/loadPgFirst.js';
import { readFileSync } from 'node:fs';
import { buildApp } from './app.js';
import { ConfigError, parseConfig } from './config.js';
import { DataDirInUseError, startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded.js';
import { createPool } from './db/pool.js';
import { migrate } from './db/migrate.js';
import { SessionStore } from './auth/sessions.js';
import { SignInLimiter } from './auth/signInLimiter.js';
import { prepareStart } from './startup.js';
import { startJobs } from './jobs/scheduler.js';
import { featureJobs } from './jobs/registry.js';

/** Process entry: config -> database -> migrations -> app -> start-up steps -> listen; Ctrl+C stops the app, then its database. */
async function main(): Promise<void> {
  const log = (msg: string) => process.stdout.write(`${msg}\n`);
  const config = parseConfig(process.env);
  const version = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

  let embedded: EmbeddedDatabase | undefined;
  if (!config.databaseUrl) {
    embedded = await startEmbeddedDatabase({ dataDir: config.dataDir, log });
    log(`Embedded PostgreSQL is running with its data in ${embedded.dataDir}/pg`);
  }
  const pool = createPool(config.databaseUrl ?? embedded!.url, config.dbPoolSize);
  const applied = await migrate(pool);
  if (applied.length) log(`Database migrations applied: ${applied.join(', ')}`);

  const sessions = new SessionStore(pool, config.sessionIdleMinutes, config.sessionMaxDays);
  const signInLimiter = new SignInLimiter(pool);
  const deps = { config, pool, sessions, signInLimiter, now: () => new Date(), version };
  const app = await buildApp(deps);
  const jobs = startJobs({ pool, sessions, signInLimiter, log: app.log }, featureJobs(deps));

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`\n${signal}: stopping Hotdesk...`);
    jobs.stop();
    await app.close().catch(() => undefined);
    await pool.end().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  // Every start-up step (keys, demo data, admin account or setup link) before listening: the first
  // answer, and the first 200 from /readyz, mean "ready to use".
  const appUrl = config.publicUrl ? config.publicUrl.href.replace(/\/$/, '') : `http://localhost:${config.port}`;
  const prepared = await prepareStart(pool, config, appUrl, { demo: process.argv.includes('--demo') });
  await app.listen({ port: config.port, host: config.host });
  for (const line of prepared.before) log(line);
  log(`Hotdesk ${version} is running at ${appUrl}`);
  for (const line of prepared.after) log(line);
}

/** Set by the first SIGINT/SIGTERM: a start-up step failing after it (its pool was ended) is part of the stop, not a crash. */
let stopping = false;

main().catch((err) => {
  if (stopping) return; // stop() is closing everything and exits with 0
  if (err instanceof ConfigError || err instanceof DataDirInUseError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(`Hotdesk could not start: ${(err as Error)?.stack ?? err}\n`);
  }
  process.exit(1);
});
