import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { Browser, startTestIdp, type TestIdp } from './oidcProvider.js';
import { buildTestApp } from './testApp.js';

/**
 * An app on a real loopback port with OpenID Connect pointed at a real test provider (oidcProvider.ts),
 * which knows the app's callback. `env` adds settings (groups claim, allowed domains …). `stop` ends both.
 */
export async function startAppWithIdp(env: Record<string, string> = {}) {
  const idp: TestIdp = await startTestIdp();
  const t = await buildTestApp({ env: { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret, ...env } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  idp.start(`${appUrl}/auth/oidc/callback`);
  return { idp, t, appUrl, stop: async () => { await t.dropDatabase(); await idp.close(); } };
}

/** The whole round trip (app → provider → the app's callback) as `subject` with `claims`: the session cookie it set. */
export async function signInThroughIdp(idp: TestIdp, appUrl: string, subject: string, claims: Record<string, unknown>): Promise<string> {
  idp.signInAs(subject, claims);
  const browser = new Browser();
  const { next } = await browser.follow(`${appUrl}/auth/oidc/start`, `${appUrl}/auth/oidc/callback`);
  expect(next, 'the round trip reached the callback').toBeDefined();
  expect((await browser.get(next!)).status).toBe(302);
  const token = browser.cookie(appUrl, 'hotdesk_session');
  expect(token, 'a session cookie').toBeDefined();
  return `hotdesk_session=${token}`;
}
