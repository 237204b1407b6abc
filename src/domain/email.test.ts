import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidEmail, isValidOptionalEmail, normaliseEmail } from './email.js';

describe('isValidEmail', () => {
  it.each([
    'a@b.co',
    'first.last@example.org',
    'First.Last+tag@Example.CO.UK',
    "o'brien@example.ie",
    'x_y-z@sub-domain.example.com',
    '  padded@example.com  ',
    'user@xn--bcher-kva.example',
    `${'a'.repeat(64)}@example.com`,
  ])('accepts %j', (s) => expect(isValidEmail(s)).toBe(true));

  it.each([
    '',
    '   ',
    'plain',
    '@example.com',
    'user@',
    'user@localhost',
    'user@example',
    'user@example.c',
    'user@1.2.3.4',
    'user@@example.com',
    'us er@example.com',
    'user@exa mple.com',
    '.user@example.com',
    'user.@example.com',
    'us..er@example.com',
    'user@-example.com',
    'user@example-.com',
    'user@example..com',
    'user@.example.com',
    'user@example.com.',
    '"quoted"@example.com',
    'jörg@example.de',
    `${'a'.repeat(65)}@example.com`,
    `a@${'b'.repeat(64)}.com`,
    `a@${'b.'.repeat(126)}com`,
  ])('refuses %j', (s) => expect(isValidEmail(s)).toBe(false));

  it('refuses non-strings', () => {
    for (const v of [null, undefined, 42, {}, [], true]) expect(isValidEmail(v)).toBe(false);
  });
  it('property: never throws on any string', () => {
    fc.assert(fc.property(fc.string(), (s) => typeof isValidEmail(s) === 'boolean'));
  });
});

describe('isValidOptionalEmail', () => {
  it('allows empty values', () => {
    for (const v of ['', '   ', undefined, null]) expect(isValidOptionalEmail(v)).toBe(true);
  });
  it('otherwise is isValidEmail', () => {
    expect(isValidOptionalEmail('a@b.co')).toBe(true);
    expect(isValidOptionalEmail('nope')).toBe(false);
    expect(isValidOptionalEmail(42)).toBe(false);
  });
});

describe('normaliseEmail', () => {
  it('trims and lower-cases', () => {
    expect(normaliseEmail('  Sam.Jones@Example.ORG ')).toBe('sam.jones@example.org');
  });
  it('property: idempotent', () => {
    fc.assert(fc.property(fc.string(), (s) => normaliseEmail(normaliseEmail(s)) === normaliseEmail(s)));
  });
});
