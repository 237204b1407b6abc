import { describe, expect, it } from 'vitest';
import { encodingWeight, etagMatches, parseAcceptEncoding, preferredEncoding } from './contentNegotiation.js';

const BOTH = ['br', 'gzip'] as const;
const weight = (header: string, coding: string) => encodingWeight(parseAcceptEncoding(header)!, coding);

describe('parseAcceptEncoding', () => {
  it('reads each coding with its q (1 when none), in lower case, whatever the spacing', () => {
    expect([...parseAcceptEncoding('gzip, deflate;q=0.5,BR ; Q = 0.25 ,\tzstd;q=1.000')!]).toEqual([
      ['gzip', 1], ['deflate', 0.5], ['br', 0.25], ['zstd', 1],
    ]);
  });
  it('is null without a header, empty for an empty one, and skips empty members', () => {
    expect(parseAcceptEncoding(undefined)).toBeNull();
    expect(parseAcceptEncoding('')!.size).toBe(0);
    expect([...parseAcceptEncoding(' , gzip,, ')!]).toEqual([['gzip', 1]]);
  });
  it('leaves out a member whose q is not a qvalue (0 to 1, three decimals at most)', () => {
    for (const q of ['abc', '1.5', '-1', '0.1234', '', '2', '1.001']) {
      expect(parseAcceptEncoding(`br;q=${q}, gzip`)!.has('br'), `q=${q}`).toBe(false);
    }
    expect(parseAcceptEncoding('br;q=0.001')!.get('br')).toBe(0.001);
    expect(parseAcceptEncoding('br;q=0.')!.get('br')).toBe(0);
  });
  it('keeps the first weight of a coding named twice', () => {
    expect(parseAcceptEncoding('gzip;q=0, gzip')!.get('gzip')).toBe(0);
  });
});

describe('encodingWeight', () => {
  it('is the coding\'s own q, else that of *, else 0', () => {
    expect(weight('br;q=0.4, *;q=0.2', 'br')).toBe(0.4);
    expect(weight('br;q=0.4, *;q=0.2', 'gzip')).toBe(0.2);
    expect(weight('br;q=0.4', 'gzip')).toBe(0);
  });
  it('refuses with q=0, named or through *', () => {
    expect(weight('br;q=0', 'br')).toBe(0);
    expect(weight('gzip, *;q=0', 'br')).toBe(0);
  });
  it('takes identity unless identity;q=0 or *;q=0 (without identity named) refuses it', () => {
    expect(weight('gzip', 'identity')).toBeGreaterThan(0);
    expect(weight('', 'identity')).toBeGreaterThan(0);
    expect(weight('identity;q=0', 'identity')).toBe(0);
    expect(weight('*;q=0', 'identity')).toBe(0);
    expect(weight('*;q=0, identity;q=0.1', 'identity')).toBe(0.1);
  });
});

describe('preferredEncoding', () => {
  it('takes what a browser sends: br first, gzip when br is not at hand', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd', BOTH)).toBe('br');
    expect(preferredEncoding('gzip, deflate, br, zstd', ['gzip'])).toBe('gzip');
    expect(preferredEncoding('gzip', BOTH)).toBe('gzip');
  });
  it('sends it as it is without a header, with an empty one, or when nothing at hand is named', () => {
    expect(preferredEncoding(undefined, BOTH)).toBeNull();
    expect(preferredEncoding('', BOTH)).toBeNull();
    expect(preferredEncoding('deflate, zstd', BOTH)).toBeNull();
    expect(preferredEncoding('brotli', BOTH)).toBeNull();
    expect(preferredEncoding('gzip, br', [])).toBeNull();
  });
  it('never sends a coding refused with q=0, in any case and spacing', () => {
    expect(preferredEncoding('br;q=0, gzip;q=0.5', BOTH)).toBe('gzip');
    expect(preferredEncoding('BR; Q=0.0, GZIP;q=0', BOTH)).toBeNull();
    expect(preferredEncoding('br ;q=0 , gzip', BOTH)).toBe('gzip');
  });
  it('prefers the higher q; a tie goes to the server\'s order', () => {
    expect(preferredEncoding('br;q=0.5, gzip;q=0.8', BOTH)).toBe('gzip');
    expect(preferredEncoding('gzip;q=0.8, br;q=0.8', BOTH)).toBe('br');
  });
  it('takes * as gzip, but never as br', () => {
    expect(preferredEncoding('*', BOTH)).toBe('gzip');
    expect(preferredEncoding('*', ['br'])).toBeNull();
    expect(preferredEncoding('*;q=0.5, br', BOTH)).toBe('br');
    expect(preferredEncoding('br;q=0.1, *', BOTH)).toBe('gzip');
    expect(preferredEncoding('br, *;q=0', BOTH)).toBe('br');
  });
  it('sends it as it is when identity is named and wanted more than every coding at hand', () => {
    expect(preferredEncoding('identity', BOTH)).toBeNull();
    expect(preferredEncoding('identity, gzip;q=0.5', BOTH)).toBeNull();
    expect(preferredEncoding('identity;q=0.5, gzip', BOTH)).toBe('gzip');
    expect(preferredEncoding('identity, br', BOTH)).toBe('br');
    expect(preferredEncoding('identity;q=0, *;q=0', BOTH)).toBeNull();
  });
});

describe('etagMatches', () => {
  const strong = '"abc"';
  const weak = 'W/"abc"';
  // [If-None-Match, the current ETag], each with what it shows.
  const matching: [string, string, string][] = [
    [strong, strong, 'the same strong tag'],
    [weak, weak, 'the same weak tag'],
    [weak, strong, 'weak against strong (weak comparison)'],
    [strong, weak, 'strong against weak'],
    ['"x", W/"y",  "abc" ', strong, 'in a list, with spaces'],
    ['"x",W/"abc"', strong, 'in a list, without'],
    ['"x", , "abc"', weak, 'in a list with an empty member'],
    ['*', strong, '* (any current form)'],
    [' * ', weak, '* with spaces'],
    ['"a,b"', '"a,b"', 'a tag with a comma inside'],
  ];
  const notMatching: [string | undefined, string, string][] = [
    ['"abd"', strong, 'another tag'],
    ['"ab"', strong, 'a part of the tag'],
    ['abc', strong, 'the tag without its quotes'],
    ['"a,b"', '"a"', 'a tag holding a comma, against its first part'],
    ['"a,b"', '"b"', 'and its second part'],
    ['', strong, 'an empty header'],
    [undefined, strong, 'no header'],
  ];
  it.each(matching)('matches %s against %s: %s', (header, etag) => {
    expect(etagMatches(header, etag)).toBe(true);
  });
  it.each(notMatching)('does not match %s against %s: %s', (header, etag) => {
    expect(etagMatches(header, etag)).toBe(false);
  });
});
