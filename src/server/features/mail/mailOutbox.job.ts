import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type pg from 'pg';
import type { Config } from '../../config.js';
import type { Job } from '../../jobs/scheduler.js';
import { claimDueMail, markFailed, markSent, type OutboxMail } from './mailOutbox.repo.js';

/**
 * Sends mail_outbox rows (issue 4). Bookings only ever write rows, in their own transaction; this job
 * sends them, so a slow or failing mail server never blocks nor loses a booking.
 *
 * Transaction-scoped claims: a batch is claimed with FOR UPDATE SKIP LOCKED, sent, and marked in the
 * same transaction, so instances running the job at once never pick the same row, and a row is
 * marked sent exactly when it was sent. (If an instance dies between the SMTP answer and COMMIT,
 * the row is sent again later: SMTP offers at-least-once, never exactly-once, and a duplicate beats a
 * lost mail.) Short SMTP timeouts keep the claiming transaction short.
 *
 * Without SMTP_URL the mail is written to the log and marked sent.
 */
export interface MailLog {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
}

export interface MailJobDeps {
  pool: pg.Pool;
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>;
  now: () => Date;
  log?: MailLog;
}

export const MAIL_BATCH = 20;
/** Batches per run at most, so one run ends even when mail keeps arriving. */
const MAX_BATCHES = 10;
export const MAX_MAIL_ATTEMPTS = 20;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;
const SMTP_TIMEOUT_MS = 10_000;

/** 30 s, 1 min, 2 min, ... at most an hour after the attempt that failed (attempts counts earlier ones). */
export const retryDelayMs = (attemptsBefore: number): number =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.min(attemptsBefore, 20), LONGEST_RETRY_MS);

/** Errors of the connection rather than of one message: the rest of the batch would fail the same way. */
const CONNECTION_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET', 'ETLS', 'EAUTH', 'EPROTOCOL']);

const consoleLog: MailLog = {
  info: (obj, msg) => process.stdout.write(`${JSON.stringify({ level: 'info', msg, ...obj })}\n`),
  warn: (obj, msg) => process.stdout.write(`${JSON.stringify({ level: 'warn', msg, ...obj })}\n`),
};

type Send = (mail: OutboxMail) => Promise<void>;

/** The iTIP method a calendar object carries (METHOD:REQUEST), PUBLISH when it names none. */
export const methodOf = (ics: string): string => /^METHOD:([A-Z-]+)\r?$/m.exec(ics)?.[1] ?? 'PUBLISH';

function smtpSender(deps: MailJobDeps): { send: Send; close: () => void } {
  // One pooled connection per run: a batch goes over one SMTP session instead of one per mail. It is
  // opened at the run's first mail, and nodemailer is loaded then, not at start-up (~2 MiB of heap that
  // an instance with nothing to send, or no SMTP_URL, never needs; issue 19, memory).
  const open = () => import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport({
    pool: true,
    maxConnections: 1,
    url: deps.config.smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  } satisfies SMTPPool.Options));
  let transport: ReturnType<typeof open> | undefined;
  return {
    send: async (m) => {
      transport ??= open();
      await (await transport).sendMail({
        from: deps.config.mailFrom,
        to: m.to,
        subject: m.subject,
        text: m.text,
        // An HTML rendering of the same words (the forecast's table): multipart/alternative, text first.
        ...(m.html ? { html: m.html } : {}),
        // nodemailer writes it as a text/calendar alternative with the object's own METHOD (REQUEST or
        // CANCEL), which is what makes Outlook, Google and Apple treat it as an invitation (iMIP, RFC 6047).
        ...(m.ics ? { icalEvent: { method: methodOf(m.ics), filename: 'invite.ics', content: m.ics } } : {}),
      });
    },
    close: () => void transport?.then((t) => t.close(), () => undefined),
  };
}

function logSender(log: MailLog): { send: Send; close: () => void } {
  return {
    send: async (m) => log.info({ mail: { to: m.to, subject: m.subject, text: m.text, ics: m.ics ?? undefined } }, 'mail (SMTP_URL is not set, so it is logged instead of sent)'),
    close: () => undefined,
  };
}

async function runBatch(deps: MailJobDeps, send: Send, log: MailLog): Promise<{ claimed: number; sent: number; failed: number }> {
  const client = await deps.pool.connect();
  const sentIds: number[] = [];
  let failed = 0;
  try {
    await client.query('BEGIN');
    const now = deps.now();
    const mails = await claimDueMail(client, now, MAIL_BATCH);
    let connectionError: string | undefined;
    for (const m of mails) {
      let error = connectionError;
      if (!error) {
        try {
          await send(m);
        } catch (err) {
          const e = err as { code?: string; message?: string };
          error = `${e.code ? `${e.code}: ` : ''}${e.message ?? String(err)}`;
          if (e.code && CONNECTION_CODES.has(e.code)) connectionError = error;
        }
      }
      if (error === undefined) {
        sentIds.push(m.id);
      } else {
        const attempts = m.attempts + 1;
        const giveUp = attempts >= MAX_MAIL_ATTEMPTS;
        await markFailed(client, m.id, giveUp ? `gave up after ${attempts} attempts: ${error}` : error,
          giveUp ? 'infinity' : new Date(now.getTime() + retryDelayMs(m.attempts)));
        log.warn({ mailId: m.id, attempts, error }, giveUp ? 'mail could not be sent; giving up' : 'mail could not be sent; will retry');
        failed++;
      }
    }
    await markSent(client, sentIds, now);
    await client.query('COMMIT');
    return { claimed: mails.length, sent: sentIds.length, failed };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** One run: sends what is due, batch by batch. Safe to run on every instance at once. */
export async function sendDueMail(deps: MailJobDeps): Promise<{ sent: number; failed: number }> {
  const log = deps.log ?? consoleLog;
  const sender = deps.config.smtpUrl ? smtpSender(deps) : logSender(log);
  let sent = 0, failed = 0;
  try {
    for (let i = 0; i < MAX_BATCHES; i++) {
      const r = await runBatch(deps, sender.send, log);
      sent += r.sent;
      failed += r.failed;
      // A short batch means nothing more is due; a failing batch is not retried in this run.
      if (r.claimed < MAIL_BATCH || r.failed > 0) break;
    }
  } finally {
    sender.close();
  }
  return { sent, failed };
}

/** The registry's entry: every 5 seconds on every instance. */
export const mailOutboxJob = (deps: MailJobDeps): Job => ({ name: 'send mail', everyMs: 5_000, run: () => sendDueMail(deps) });
