/**
 * When a NEW OpenID Connect identity (an issuer + subject Hotdesk has not seen) names the e-mail address
 * of a person who already exists, may the two be linked? Only when the provider vouches for the address,
 * the address is in an allowed domain (OIDC_ALLOWED_EMAIL_DOMAINS, when set), and the person is not
 * one whose account would be taken over: a person with a local password or the Admin role is linked only
 * when an admin marked them as expecting single sign-on. Otherwise anyone whose identity provider lets
 * them choose an address could become that person ("nOAuth").
 */

/** The query parameter value the sign-in callback sends the login page to when a link is refused. */
export const OIDC_LINK_REFUSED = 'sso_link_refused';
export const OIDC_LINK_REFUSED_MESSAGE =
  'This e-mail address belongs to an existing Hotdesk account, so it cannot be linked to your sign-in automatically. Ask an administrator.';

/** The login page's text for an error code in its query (`?error=`); undefined for a code it does not know. */
export function signInErrorMessage(code: string | null): string | undefined {
  return code === OIDC_LINK_REFUSED ? OIDC_LINK_REFUSED_MESSAGE : undefined;
}

/** The existing person holding the address. */
export interface LinkCandidate {
  /** Already linked to another identity (another subject, or another issuer). */
  linked: boolean;
  hasPassword: boolean;
  isAdmin: boolean;
  /** An admin marked the person as expecting single sign-on (users.expects_sso). */
  expectsSso: boolean;
}

/** What the sign-in says about the address. */
export interface LinkEvidence {
  email: string;
  /** The claim the address came from: only `email` can be vouched for. */
  emailFrom: 'email' | 'preferred_username' | 'upn';
  /** email_verified (ID token or userinfo) or Entra ID's xms_edov. */
  verified: boolean;
  /** Lower-case domains; undefined: any domain. */
  allowedDomains: string[] | undefined;
}

/**
 * Why the link is refused, for the log; undefined: link. The reasons say nothing about which of
 * password or Admin role made a person need the mark (not for a log line anyone may read).
 */
export type LinkRefusal =
  | 'person linked to another identity'
  | 'address not from the email claim'
  | 'address not verified by the provider'
  | 'address domain not allowed'
  | 'person not marked as expecting single sign-on';

export function linkRefusal(person: LinkCandidate, evidence: LinkEvidence): LinkRefusal | undefined {
  if (person.linked) return 'person linked to another identity';
  if (evidence.emailFrom !== 'email') return 'address not from the email claim';
  if (!evidence.verified) return 'address not verified by the provider';
  if (evidence.allowedDomains && !evidence.allowedDomains.includes(domainOf(evidence.email))) return 'address domain not allowed';
  if ((person.hasPassword || person.isAdmin) && !person.expectsSso) return 'person not marked as expecting single sign-on';
  return undefined;
}

/** The lower-case domain of an address: what follows its last '@'. */
export function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).trim().toLowerCase();
}
