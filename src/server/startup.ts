import type pg from 'pg';
import type { Config } from './config.js';
import { hashPassword } from './auth/passwords.js';
import { issueSetupToken } from './auth/setupLink.js';
import { addRole, countAdmins, findUserByEmail, insertUser, setPasswordHash } from './features/users/users.repo.js';

/**
 * Makes sure someone can administer the organisation: the configured admin account is created (or its
 * password reset to the configured one), else, while no admin exists, a one-time setup link is issued.
 * Returns the line to print.
 */
export async function ensureAdmin(pool: pg.Pool, config: Config, appUrl: string): Promise<string> {
  if (config.admin) {
    const { email, password } = config.admin;
    const existing = await findUserByEmail(pool, email);
    const hash = await hashPassword(password);
    const id = existing ? existing.id : await insertUser(pool, { email, fullName: 'Administrator', passwordHash: hash });
    if (existing) await setPasswordHash(pool, id, hash);
    await addRole(pool, id, 1);
    return `Sign in at ${appUrl}/login as ${email} with the password from HOTDESK_ADMIN_PASSWORD.`;
  }
  if ((await countAdmins(pool)) > 0) return `Sign in at ${appUrl}/login.`;
  const token = await issueSetupToken(pool);
  return `No administrator yet. Open this one-time link to create the admin account:\n  ${appUrl}/setup?token=${token}`;
}
