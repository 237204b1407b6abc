import type pg from 'pg';
import type { Config } from './config.js';
import type { SessionStore } from './auth/sessions.js';
import type { SignInLimiter } from './auth/signInLimiter.js';

/** What buildApp needs; tests build their own with a database of their own. */
export interface AppDeps {
  config: Config;
  pool: pg.Pool;
  sessions: SessionStore;
  signInLimiter: SignInLimiter;
  /** The clock, injected so rules about time can be tested at their boundaries. */
  now: () => Date;
  /** Version shown by /meta.json (package.json's). */
  version: string;
  /** E-mails a person's actions may send to others per hour; unset = MAIL_LIMIT_PER_HOUR (tests lower it). */
  mailLimitPerHour?: number;
}
