import type * as OpenIdClient from 'openid-client';
import type { Config } from '../config.js';

/**
 * Who signed in. The person is the provider's stable subject (issuer + `sub`); the e-mail address is an
 * attribute of theirs, never the key.
 */
export interface OidcIdentity {
  issuer: string; subject: string; email: string; fullName: string;
  /**
   * The claim the address was read from. Only `email` can be vouched for: `preferred_username` and
   * `upn` are names Microsoft documents as changeable by the person or their directory admin.
   */
  emailFrom: EmailClaim;
  /**
   * Whether the provider vouches that the address is the person's (`email_verified: true`, in the ID
   * token or userinfo, or Entra ID's `xms_edov: true`). Asked only when linking needs it: it may cost
   * a userinfo call. Always false for an address not from the `email` claim.
   */
  emailVerified: () => Promise<boolean>;
  /** Microsoft Entra ID's tenant id (`tid`) and object id (`oid`), when sent: recorded, not a key. */
  tenantId?: string; objectId?: string;
  /** The configured groups claim (OIDC_GROUPS_CLAIM), read only when one is configured. */
  groups?: GroupsEvidence;
}

export type EmailClaim = 'email' | 'preferred_username' | 'upn';

/** What the provider said about groups: the claim's raw value (undefined: not sent), where it was looked for, and any trouble. */
export interface GroupsEvidence { value: unknown; from: 'ID token' | 'userinfo'; problem?: string }

/**
 * openid-client, loaded at the first sign-in with the provider (every use of it follows config()), not at
 * start-up: most instances have no OIDC_ISSUER, and it holds ~1 MiB of heap (issue 19, memory).
 */
let client: typeof OpenIdClient;
const loadClient = async () => { client ??= await import('openid-client'); };

/**
 * OpenID Connect with code + PKCE. Discovery happens at first use, not at start-up, so an identity
 * provider that is briefly down does not stop Hotdesk from starting (local accounts keep working).
 * Microsoft Entra ID puts the address in `email` or `preferred_username`; both are read, but only an
 * address from `email` that the provider vouches for may ever link to an existing person (oidcUser.ts).
 */
export class OidcClient {
  private configuration: Promise<OpenIdClient.Configuration> | undefined;

  constructor(private readonly oidc: NonNullable<Config['oidc']>) {}

  private config(): Promise<OpenIdClient.Configuration> {
    this.configuration ??= loadClient().then(() => client.discovery(
      this.oidc.issuer,
      this.oidc.clientId,
      undefined,
      this.oidc.clientSecret ? client.ClientSecretPost(this.oidc.clientSecret) : client.None(),
      // Plain http is only ever allowed for a provider on this machine (tests, local development).
      isLoopback(this.oidc.issuer) ? { execute: [client.allowInsecureRequests] } : undefined,
    )).catch((err) => {
      this.configuration = undefined; // try discovery again next time
      throw err;
    });
    return this.configuration;
  }

  async authorizationUrl(redirectUri: string): Promise<{ url: URL; state: string; nonce: string; codeVerifier: string }> {
    const config = await this.config();
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url, state, nonce, codeVerifier };
  }

  async complete(currentUrl: URL, checks: { state: string; nonce: string; codeVerifier: string }): Promise<OidcIdentity> {
    const config = await this.config();
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('The identity provider sent no ID token.');
    const emailFrom = (['email', 'preferred_username', 'upn'] as const).find((c) => isAddress(claims[c]));
    if (!emailFrom) throw new Error('The identity provider did not say which e-mail address you have.');
    const email = (claims[emailFrom] as string).trim();
    const name = typeof claims['name'] === 'string' ? claims['name'] : [claims['given_name'], claims['family_name']].filter((v) => typeof v === 'string').join(' ');
    let verdict: Promise<boolean> | undefined;
    const identity: OidcIdentity = {
      issuer: claims.iss, subject: claims.sub, email, fullName: name || email, emailFrom,
      emailVerified: () => (verdict ??= emailFrom === 'email' ? this.vouchedFor(config, claims, email, tokens.access_token) : Promise.resolve(false)),
    };
    const tenantId = shortString(claims['tid']), objectId = shortString(claims['oid']);
    if (tenantId) identity.tenantId = tenantId;
    if (objectId) identity.objectId = objectId;
    if (this.oidc.groups) identity.groups = await this.groupsOf(config, claims, tokens.access_token, this.oidc.groups.claim);
    return identity;
  }

  /**
   * Does the provider vouch for the address? The ID token's `email_verified` (or Entra ID's `xms_edov`,
   * "e-mail domain owner verified") decides; when it says nothing, userinfo's `email_verified` for the
   * same address does. Anything else, including trouble reading userinfo, is "no".
   */
  private async vouchedFor(config: OpenIdClient.Configuration, claims: OpenIdClient.IDToken, email: string, accessToken: string): Promise<boolean> {
    const token = verifiedClaim(claims['email_verified']);
    if (token !== undefined) return token; // an explicit "not verified" is not overruled
    if (verifiedClaim(claims['xms_edov']) === true) return true;
    if (!config.serverMetadata().userinfo_endpoint || !accessToken) return false;
    try {
      const info = await client.fetchUserInfo(config, accessToken, claims.sub);
      return typeof info.email === 'string' && info.email.trim().toLowerCase() === email.toLowerCase() && verifiedClaim(info.email_verified) === true;
    } catch {
      return false;
    }
  }

  /**
   * The groups claim from the ID token, else from userinfo (providers such as Keycloak or Okta may be
   * set up to put groups only there). Userinfo trouble is reported, not thrown: the person still signs
   * in, and an unread claim changes nothing (domain/groupSync.ts).
   */
  private async groupsOf(config: OpenIdClient.Configuration, claims: OpenIdClient.IDToken, accessToken: string, name: string): Promise<GroupsEvidence> {
    if (claims[name] !== undefined) return { value: claims[name], from: 'ID token' };
    // Entra ID: a person in more groups than fit in a token gets a pointer to Microsoft Graph instead.
    const pointers = claims['_claim_names'];
    if (pointers && typeof pointers === 'object' && name in pointers) {
      return { value: undefined, from: 'ID token', problem: 'group overage: the provider sent a link to the groups instead of the groups (in Entra ID, emit only groups assigned to the application)' };
    }
    if (!config.serverMetadata().userinfo_endpoint || !accessToken) return { value: undefined, from: 'ID token' };
    try {
      const info = await client.fetchUserInfo(config, accessToken, claims.sub);
      return { value: info[name], from: 'userinfo' };
    } catch (err) {
      return { value: undefined, from: 'userinfo', problem: `userinfo could not be read: ${(err as Error).message}` };
    }
  }
}

/** An address Hotdesk can store (users.email is 3 to 320 characters). */
const isAddress = (v: unknown): v is string => typeof v === 'string' && v.includes('@') && v.trim().length >= 3 && v.trim().length <= 320;

/** A boolean claim: true, false, or undefined when absent or unreadable. Some providers send "true" as a string. */
function verifiedClaim(v: unknown): boolean | undefined {
  if (v === true || v === 'true') return true;
  if (v === false || v === 'false') return false;
  return undefined;
}

/** A short string claim (Entra ID's tid and oid are GUIDs), else undefined. */
function shortString(v: unknown): string | undefined {
  return typeof v === 'string' && v.length > 0 && v.length <= 200 ? v : undefined;
}

function isLoopback(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}
