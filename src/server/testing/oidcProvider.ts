import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider 9) on 127.0.0.1 for API tests. Its interaction step
 * (login and consent) is driven programmatically: whoever `signInAs` names is signed in and consents,
 * so a test sees the same redirects a browser would, without a login form.
 */
export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Creates the provider with its one client; call once the app's callback URL is known. */
  start(redirectUri: string): void;
  /**
   * The account the next interaction signs in, with the claims its ID token carries: any of `email`,
   * `email_verified`, `name`, `given_name`, `family_name`, `preferred_username` (an address there and
   * no `email`: as Entra ID may send it), and as Entra ID sends them `groups`, `tid`, `oid`, `xms_edov`
   * and `upn`. Claims named in `userinfoOnly` are left out of the ID token and only served by the
   * userinfo endpoint, as some providers are set up to do.
   */
  signInAs(accountId: string, claims: Record<string, unknown>, opts?: { userinfoOnly?: string[] }): void;
  close(): Promise<void>;
}

export async function startTestIdp(): Promise<TestIdp> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server = createServer((req, res) => {
    if (handler) handler(req, res);
    else { res.statusCode = 503; res.end('provider not started'); }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, { claims: Record<string, unknown>; userinfoOnly: string[] }>();
  let current: string | undefined;

  const idp: TestIdp = {
    issuer,
    clientId: 'hotdesk-test',
    clientSecret: 'a-test-client-secret-of-enough-length',
    start(redirectUri) {
      const provider = new Provider(issuer, {
        clients: [{
          client_id: idp.clientId,
          client_secret: idp.clientSecret,
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
        }],
        pkce: { required: () => true },
        // Like Microsoft Entra ID: the ID token itself carries e-mail and name.
        conformIdTokenClaims: false,
        claims: {
          // groups: issued with openid, like Entra ID's groups claim (set up in the app registration, no scope);
          // so are Entra ID's tenant id (tid), object id (oid), and optional claim xms_edov (e-mail domain
          // owner verified), and upn.
          openid: ['sub', 'groups', 'tid', 'oid', 'xms_edov', 'upn'],
          email: ['email', 'email_verified'],
          profile: ['name', 'given_name', 'family_name', 'preferred_username'],
        },
        features: { devInteractions: { enabled: false } },
        cookies: { keys: ['test-cookie-key-1'] },
        jwks: { keys: [{ ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' }] },
        findAccount: async (_ctx, sub) => {
          const account = accounts.get(sub);
          if (!account) return undefined;
          return {
            accountId: sub,
            claims: async (use: string) => {
              const claims: Record<string, unknown> = { sub, ...account.claims };
              if (use === 'id_token') for (const name of account.userinfoOnly) delete claims[name];
              return claims;
            },
          };
        },
      });
      const callback = provider.callback();
      handler = (req, res) => {
        if (req.url?.startsWith('/interaction/')) {
          void finishInteraction(provider, req, res, current).catch((err: Error) => {
            res.statusCode = 500;
            res.end(err.message);
          });
          return;
        }
        callback(req, res);
      };
    },
    signInAs(accountId, claims, opts) {
      accounts.set(accountId, { claims, userinfoOnly: opts?.userinfoOnly ?? [] });
      current = accountId;
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  return idp;
}

/** The person signs in and consents to every scope asked for. */
async function finishInteraction(provider: Provider, req: IncomingMessage, res: ServerResponse, accountId: string | undefined) {
  if (!accountId) throw new Error('signInAs was not called');
  const details = await provider.interactionDetails(req, res);
  const clientId = String(details.params['client_id']);
  const grant = new provider.Grant({ accountId, clientId });
  grant.addOIDCScope(String(details.params['scope']));
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
}

/** A tiny browser: a cookie jar per host and redirects followed by hand (both servers are on 127.0.0.1). */
export class Browser {
  private readonly jar = new Map<string, Map<string, string>>();

  cookieHeader(url: string): string {
    const cookies = this.jar.get(new URL(url).host) ?? new Map<string, string>();
    return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  cookie(url: string, name: string): string | undefined {
    return this.jar.get(new URL(url).host)?.get(name);
  }

  async get(url: string): Promise<Response> {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: this.cookieHeader(url) } });
    const host = new URL(url).host;
    const cookies = this.jar.get(host) ?? new Map<string, string>();
    this.jar.set(host, cookies);
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim(), value = pair.slice(eq + 1).trim();
      const expired = /max-age=0|expires=thu, 01 jan 1970/i.test(line);
      if (value === '' || expired) cookies.delete(name);
      else cookies.set(name, value);
    }
    return res;
  }

  /**
   * Follows redirects from `url` until a response that is not a redirect, or until the next URL starts
   * with `stopBefore` (not fetched: returned as `next`, so a test can fetch it as it is or tampered with).
   */
  async follow(url: string, stopBefore?: string, maxHops = 15): Promise<{ hops: { url: string; res: Response }[]; next?: string }> {
    const hops: { url: string; res: Response }[] = [];
    let next = url;
    for (let i = 0; i < maxHops; i++) {
      if (stopBefore && i > 0 && next.startsWith(stopBefore)) return { hops, next };
      const res = await this.get(next);
      hops.push({ url: next, res });
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) return { hops };
      next = new URL(location, next).href;
    }
    throw new Error(`too many redirects from ${url}`);
  }
}

/**
 * The round trip app → provider → app as `subject`, stopped before the app's callback: fetch
 * `callbackUrl` with `browser` to finish it (a test may hold several and finish them at once).
 */
export async function toAppCallback(
  idp: TestIdp, appUrl: string, subject: string, claims: Record<string, unknown>, opts?: { userinfoOnly?: string[] },
): Promise<{ browser: Browser; callbackUrl: string }> {
  idp.signInAs(subject, claims, opts);
  const browser = new Browser();
  const { hops, next } = await browser.follow(`${appUrl}/auth/oidc/start`, `${appUrl}/auth/oidc/callback`);
  if (!next) throw new Error(`the round trip did not reach the callback: ${hops.map((h) => `${h.res.status} ${h.url}`).join(' → ')}`);
  return { browser, callbackUrl: next };
}
