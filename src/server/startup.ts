import type pg from 'pg';
import type { Config } from './config.js';
import { hashPassword } from './auth/passwords.js';
import { issueSetupToken } from './auth/setupLink.js';
import { seedDemo } from './demo/seedDemo.js';
import { vapidKeys } from './features/push/vapid.js';
import { addRole, countAdmins } from './features/users/users.repo.js';

/**
 * Makes sure someone can administer the organisation: the configured admin account is created (or its
 * password reset to the configured one), else, while no admin exists, a one-time setup link is issued.
 * Returns the line to print. Safe when several instances run it at once: the account is one upsert on
 * the e-mail key and the role an insert that ignores a duplicate; each instance's setup link is its own
 * and stays valid (see issueSetupToken).
 */
export async function ensureAdmin(pool: pg.Pool, config: Config, appUrl: string): Promise<string> {
  if (config.admin) {
    const { email, password } = config.admin;
    const hash = await hashPassword(password);
    const { rows } = await pool.query<{ id: number }>(
      `INSERT INTO users (email, full_name, password_hash) VALUES ($1, 'Administrator', $2)
       ON CONFLICT (email_key) DO UPDATE SET password_hash = EXCLUDED.password_hash RETURNING id`,
      [email.trim(), hash],
    );
    await addRole(pool, rows[0]!.id, 1);
    return `Sign in at ${appUrl}/login as ${email} with the password from HOTDESK_ADMIN_PASSWORD.`;
  }
  if ((await countAdmins(pool)) > 0) return `Sign in at ${appUrl}/login.`;
  const token = await issueSetupToken(pool);
  return `No administrator yet. Open this one-time link to create the admin account:\n  ${appUrl}/setup?token=${token}`;
}

export interface PreparedStart {
  /** Lines to print before the "is running at" line (the demo people). */
  before: string[];
  /** Lines to print after it (how to sign in). */
  after: string[];
}

/**
 * Every start-up step after the migrations: the VAPID key pair, the demo organisation (with --demo) and
 * the admin account or setup link. main.ts runs it BEFORE the app listens, so the app's first answer
 * (and the first 200 from /readyz) means the app is ready to use: the configured admin can sign in, the
 * demo people exist, every instance has the same push key. Each step is safe when instances start
 * together (see startupRace.test.ts).
 */
export async function prepareStart(pool: pg.Pool, config: Config, appUrl: string, opts: { demo: boolean }): Promise<PreparedStart> {
  await vapidKeys(pool, config);
  const before: string[] = [];
  if (opts.demo) {
    const people = await seedDemo(pool, config.defaultTimeZone);
    before.push('Demo organisation ready. People you can sign in as (password for each: shown beside them):');
    for (const p of people) before.push(`  ${p.kind.padEnd(18)} ${p.email.padEnd(28)} ${p.password}`);
  }
  return { before, after: [await ensureAdmin(pool, config, appUrl)] };
}
