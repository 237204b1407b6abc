import { describe, expect, it } from 'vitest';
import { domainOf, linkRefusal, OIDC_LINK_REFUSED, OIDC_LINK_REFUSED_MESSAGE, signInErrorMessage, type LinkCandidate, type LinkEvidence } from './oidcLink.js';

const person = (o: Partial<LinkCandidate> = {}): LinkCandidate => ({ linked: false, hasPassword: false, isAdmin: false, expectsSso: false, ...o });
const evidence = (o: Partial<LinkEvidence> = {}): LinkEvidence => ({ email: 'ann@example.org', emailFrom: 'email', verified: true, allowedDomains: undefined, ...o });

describe('linkRefusal: may a new identity be linked to the person holding its address', () => {
  it('links a verified address from the email claim to a person without password or Admin role', () => {
    expect(linkRefusal(person(), evidence())).toBeUndefined();
  });

  it('refuses an address the provider does not vouch for, or one not from the email claim (even "verified")', () => {
    expect(linkRefusal(person({ expectsSso: true }), evidence({ verified: false }))).toBe('address not verified by the provider');
    expect(linkRefusal(person({ expectsSso: true }), evidence({ emailFrom: 'preferred_username' }))).toBe('address not from the email claim');
    expect(linkRefusal(person({ expectsSso: true }), evidence({ emailFrom: 'upn' }))).toBe('address not from the email claim');
  });

  it('refuses a person with a password or the Admin role unless marked as expecting single sign-on', () => {
    expect(linkRefusal(person({ hasPassword: true }), evidence())).toBe('person not marked as expecting single sign-on');
    expect(linkRefusal(person({ isAdmin: true }), evidence())).toBe('person not marked as expecting single sign-on');
    expect(linkRefusal(person({ hasPassword: true, isAdmin: true, expectsSso: true }), evidence())).toBeUndefined();
  });

  it('refuses a person linked to another identity, marked or not', () => {
    expect(linkRefusal(person({ linked: true, expectsSso: true }), evidence())).toBe('person linked to another identity');
  });

  it('with allowed domains, refuses an address in any other domain (a look-alike or a subdomain too)', () => {
    const allowedDomains = ['example.org'];
    expect(linkRefusal(person(), evidence({ email: 'Ann@EXAMPLE.org', allowedDomains }))).toBeUndefined();
    for (const email of ['ann@notexample.org', 'ann@sub.example.org', 'ann@example.org.evil.test', 'ann@example.org@evil.test']) {
      expect(linkRefusal(person({ expectsSso: true }), evidence({ email, allowedDomains }))).toBe('address domain not allowed');
    }
  });

  it('domainOf reads what follows the last @, in lower case', () => {
    expect(domainOf('a@b@Example.ORG')).toBe('example.org');
  });
});

describe('signInErrorMessage: what the login page says for ?error=', () => {
  it('explains a refused link, and says nothing for other codes', () => {
    expect(signInErrorMessage(OIDC_LINK_REFUSED)).toBe(OIDC_LINK_REFUSED_MESSAGE);
    expect(signInErrorMessage('other')).toBeUndefined();
    expect(signInErrorMessage(null)).toBeUndefined();
  });
});
