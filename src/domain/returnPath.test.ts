import { describe, expect, it } from 'vitest';
import { sameAppPath } from './returnPath.js';

const ORIGIN = 'https://book.example.org';

describe('sameAppPath', () => {
  it.each([
    ['/menu', '', '/menu'],
    ['/menu/settings?x=1#top', '', '/menu/settings?x=1#top'],
    ['/hotdesk/menu', '/hotdesk', '/hotdesk/menu'],
    ['/hotdesk', '/hotdesk', '/hotdesk'],
    ['menu', '/hotdesk', '/hotdesk/menu'],
    ['https://book.example.org/hotdesk/menu?a=b', '/hotdesk', '/hotdesk/menu?a=b'],
    ['/menu?q=a b', '', '/menu?q=a%20b'],
    ['/%09/evil.example', '', '/%09/evil.example'], // an encoded tab stays encoded: a path on this site
  ])('keeps %j (base %j) as %j', (value, base, path) => {
    expect(sameAppPath(value, base, ORIGIN)).toBe(path);
  });

  it.each(['', '/hotdesk'])('refuses every way of leaving the site (base %j)', (base) => {
    for (const value of [
      '/\t/evil.example', '/\r\n/evil.example', '/\\evil.example', '\\/evil.example', '\\\\evil.example', '//evil.example',
      ' //evil.example', '\u0000//evil.example', '/.//evil.example', 'https://evil.example', 'https:/\\evil.example', 'http://book.example.org/menu',
      'javascript:alert(1)', 'data:text/html,x', '//user:pw@book.example.org/menu', 'https://user@book.example.org/menu', `/${'a'.repeat(2000)}`, '', undefined, 42,
    ]) {
      expect(sameAppPath(value, base, ORIGIN), JSON.stringify(value)).toBeUndefined();
    }
  });

  it('refuses a path out of the base path, however the dots are spelt', () => {
    for (const value of ['/menu', '/hotdesk/../menu', '/hotdesk/%2e%2e/menu', '/hotdesk/.%2E/menu', '/hotdesk\\..\\menu', '/hotdeskx/menu', '/hotdesk/..//evil.example']) {
      expect(sameAppPath(value, '/hotdesk', ORIGIN), value).toBeUndefined();
    }
  });

  it('works without a known origin (a stand-in one)', () => {
    expect(sameAppPath('/menu', '')).toBe('/menu');
    expect(sameAppPath('/\t/evil.example', '')).toBeUndefined();
    expect(sameAppPath('/menu', '', 'not a url')).toBe('/menu');
  });
});
