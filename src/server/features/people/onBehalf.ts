import type pg from 'pg';
import { normaliseEmail } from '../../../domain/email.js';
import type { Config } from '../../config.js';
import { fieldError } from '../../http/errors.js';

/**
 * Who a booking may be made on behalf of (issue 18). Anyone signed in may book on behalf of someone
 * (SPEC 2.4, 2.5), and the on-behalf person is sent the organisation's mail with the booker's text,
 * so an address anybody may type made Hotdesk a relay for phishing. Allowed now: people known to
 * Hotdesk (a row in users: they have signed in or were registered) and addresses in the domains of
 * ON_BEHALF_DOMAINS (config.onBehalfDomains, lower case; [] = none). A domain matches exactly: a
 * subdomain (mail.example.org) must be listed itself.
 *
 * The rule is checked when an address is given: a new booking, or an edit that changes the address.
 * An edit that keeps an address saved before the rule existed is not refused for it.
 */
export const onBehalfRefusal = (domains: readonly string[]): string =>
  domains.length === 0
    ? 'You can only book on behalf of people known to Hotdesk (people who have signed in or been registered).'
    : `You can only book on behalf of people known to Hotdesk or with an address at ${domains.join(', ')}.`;

export const inOnBehalfDomains = (email: string, domains: readonly string[]): boolean => {
  const e = normaliseEmail(email);
  const domain = e.slice(e.lastIndexOf('@') + 1);
  return e.includes('@') && domains.includes(domain);
};

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/**
 * Throws 400 (field OnBehalfOfEmail) unless `email` (already checked as an e-mail address) may be
 * booked on behalf of. '' (nobody) always passes; so does an unchanged address (`previous`).
 */
export async function assertOnBehalfAllowed(
  db: Queryable, config: Pick<Config, 'onBehalfDomains'>, email: string, previous = '',
): Promise<void> {
  const e = normaliseEmail(email);
  if (e === '' || e === normaliseEmail(previous)) return;
  if (inOnBehalfDomains(e, config.onBehalfDomains)) return;
  const { rowCount } = await db.query('SELECT 1 FROM users WHERE email_key = $1', [e]);
  if (rowCount) return;
  throw fieldError('OnBehalfOfEmail', onBehalfRefusal(config.onBehalfDomains));
}
