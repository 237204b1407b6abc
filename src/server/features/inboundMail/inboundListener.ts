import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import type { InboundConfig } from './inboundConfig.js';
import { overHourlyLimit, storeMessage } from './inboundMail.repo.js';
import type { InboundLog } from './inboundProcess.service.js';

/**
 * Hotdesk's own SMTP listener for room booking addresses (issue 23; smtp-server), for an MX or the
 * organisation's relay to deliver to. It only receives and stores: every message it accepts becomes
 * an inbound_mail row that the job processes on whichever instance (inboundMail.job.ts), so several
 * instances may listen behind one name. Limits, refused while the sender is still connected (the relay
 * keeps or returns the mail; Hotdesk itself never sends a bounce):
 * - size: SIZE is announced, and a message past it is refused (552) however it was declared;
 * - count: at most INBOUND_MAX_PER_SENDER_PER_HOUR messages per envelope sender per hour (451, try later);
 * - recipients: at most 20 per message.
 * No AUTH and no STARTTLS: it is meant to sit on loopback or a private network behind the relay
 * (default host 127.0.0.1); trust is decided per message from the relay's address or its
 * Authentication-Results header (senderTrust.ts), not from anything this session could claim.
 */
const MAX_RECIPIENTS = 20;

export interface InboundListener { port: number; close: () => Promise<void> }

const smtpError = (message: string, responseCode: number) => Object.assign(new Error(message), { responseCode });

export async function startInboundListener(pool: pg.Pool, cfg: InboundConfig, log: InboundLog): Promise<InboundListener> {
  const server = new SMTPServer({
    name: 'hotdesk', banner: 'Hotdesk room invitations', logger: false,
    authOptional: true, disabledCommands: ['AUTH', 'STARTTLS'],
    size: cfg.maxMessageBytes, maxClients: 50, socketTimeout: 60_000, closeTimeout: 5_000,
    async onMailFrom(address, _session, callback) {
      try {
        if (await overHourlyLimit(pool, address.address.toLowerCase(), cfg.maxPerSenderPerHour)) {
          return callback(smtpError('Too many messages from this sender in the last hour; try again later', 451));
        }
        callback();
      } catch { callback(smtpError('Temporary failure; try again later', 451)); }
    },
    onRcptTo(_address, session, callback) {
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) return callback(smtpError('Too many recipients', 452));
      callback();
    },
    onData(stream: SMTPServerDataStream, session, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (c: Buffer) => { size += c.length; if (size <= cfg.maxMessageBytes) chunks.push(c); });
      stream.on('end', () => {
        if (stream.sizeExceeded || size > cfg.maxMessageBytes) {
          log.warn({ remoteIp: session.remoteAddress, size }, 'inbound mail refused: too large');
          return callback(smtpError(`Message is larger than ${cfg.maxMessageBytes} bytes`, 552));
        }
        const sender = session.envelope.mailFrom ? session.envelope.mailFrom.address.toLowerCase() : '';
        storeMessage(pool, {
          remoteIp: session.remoteAddress, senderKey: sender,
          recipients: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks),
        }, cfg.maxPerSenderPerHour).then((stored) => {
          if (stored) callback();
          else callback(smtpError('Too many messages from this sender in the last hour; try again later', 451));
        }, () => callback(smtpError('Temporary failure; try again later', 451)));
      });
    },
  });
  server.on('error', (err) => log.warn({ error: err.message }, 'inbound SMTP listener error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(cfg.port, cfg.host, () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
