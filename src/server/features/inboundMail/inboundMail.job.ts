import type { AppDeps } from '../../deps.js';
import type { Job } from '../../jobs/scheduler.js';
import { claimMessages, markProcessed, purgeProcessed } from './inboundMail.repo.js';
import type { InboundLog } from './inboundProcess.service.js';
import { answerScreenChanges, purgeOldAnswers } from './invitationFollowUp.js';
import { isTransient } from './invitationSteps.js';

/**
 * Processes the messages the listener stored (issue 23), on every instance at once: each message is
 * claimed with FOR UPDATE SKIP LOCKED in a transaction of its own, and what it books, links and answers
 * commits with its processed mark, so each is processed exactly once whichever instance takes it. (A
 * change or cancellation goes through the booking services' own transactions; if an instance dies
 * between that commit and the mark, the next run applies the same invitation again, which changes
 * nothing and answers again.) One message per transaction keeps a REQUEST and its change in the same
 * run apart. A few workers run side by side, as the messages of different people are independent.
 */
const WORKERS = 4;
/**
 * A worker holds one connection for its transaction and the booking services take others meanwhile, so
 * the workers never hold more than a quarter of the pool (HOTDESK_DB_POOL_SIZE): a small pool must not
 * run out with every connection held by a worker waiting for one more.
 */
const workersFor = (poolSize: number) => Math.max(1, Math.min(WORKERS, Math.floor(poolSize / 4)));
/** Messages per worker and run at most, so one run ends even when mail keeps arriving. */
const MAX_PER_WORKER = 250;
/** Tries of one message that deadlocked with another transaction before it is marked failed. */
const MAX_ATTEMPTS = 3;

const consoleLog: InboundLog = {
  info: (obj, msg) => process.stdout.write(`${JSON.stringify({ level: 'info', msg, ...obj })}\n`),
  warn: (obj, msg) => process.stdout.write(`${JSON.stringify({ level: 'warn', msg, ...obj })}\n`),
};

async function processOne(deps: AppDeps, log: InboundLog): Promise<boolean> {
  const cfg = deps.config.inbound!;
  const client = await deps.pool.connect();
  try {
    await client.query('BEGIN');
    const [m] = await claimMessages(client, 1);
    if (!m) { await client.query('COMMIT'); return false; }
    // Imported at the first message: the mail and calendar parsers (mailparser, ical.js and theirs) stay
    // out of the memory of instances that receive no invitations (issue 19 point 4).
    const { processMessage } = await import('./inboundProcess.service.js');
    let outcome: string | undefined;
    await client.query('SAVEPOINT inbound_message');
    for (let attempt = 1; outcome === undefined; attempt++) {
      try {
        outcome = await processMessage(client, deps, cfg, m, log);
      } catch (err) {
        // Back to the savepoint, not a ROLLBACK: the message stays locked until its mark commits, so
        // another instance cannot claim it meanwhile, process it a second time and have its outcome
        // overwritten by this mark. (If the database went away, this fails too and the message waits
        // for the next run.)
        await client.query('ROLLBACK TO SAVEPOINT inbound_message');
        // A deadlock with another instance booking the same slot: the same invitation again, as pool.ts
        // retries single statements; the loser then meets the winner's booking and is declined for that.
        if (isTransient(err) && attempt < MAX_ATTEMPTS) continue;
        // Not the invitation's fault (a bug, a refusal that keeps coming): mark it failed, so one bad
        // message cannot stop the queue; the log keeps the error.
        log.warn({ inboundMailId: m.id, error: (err as Error).message }, 'inbound invitation failed');
        outcome = `failed: ${(err as Error).message}`;
      }
    }
    await markProcessed(client, m.id, outcome);
    await client.query('COMMIT');
    return true;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** One run: every stored message, by a few workers. Returns how many were processed. */
export async function processInboundMail(deps: AppDeps, log: InboundLog = consoleLog): Promise<number> {
  if (!deps.config.inbound) return 0;
  let done = 0;
  await Promise.all(Array.from({ length: workersFor(deps.config.dbPoolSize) }, async () => {
    for (let i = 0; i < MAX_PER_WORKER && (await processOne(deps, log)); i++) done++;
  }));
  return done;
}

export function inboundMailJobs(deps: AppDeps): Job[] {
  if (!deps.config.inbound) return [];
  return [
    { name: 'process inbound invitations', everyMs: 2_000, run: () => processInboundMail(deps) },
    { name: 'answer invitations changed in Hotdesk', everyMs: 5_000, run: () => answerScreenChanges(deps) },
    { name: 'purge processed inbound mail', everyMs: 60 * 60_000, run: async () => { await purgeProcessed(deps.pool); await purgeOldAnswers(deps.pool, deps.now()); } },
  ];
}
