import { describe, expect, it } from 'vitest';
import { isPublicPath, loginPathFor, safeReturnTo } from './publicPaths.js';

describe('isPublicPath', () => {
  it.each(['/login', '/login?returnTo=%2Fmenu', '/setup?token=x', '/privacy', '/check-in/1/2/3?rn=thames'])('%s works signed out', (p) => {
    expect(isPublicPath(p)).toBe(true);
  });
  it.each(['/menu', '/menu/settings', '/loginx', '/privacy-extra', '/'])('%s needs sign-in', (p) => {
    expect(isPublicPath(p)).toBe(false);
  });
});

describe('safeReturnTo', () => {
  it('keeps an in-app path with its query', () => expect(safeReturnTo('/menu/settings?x=1')).toBe('/menu/settings?x=1'));
  it.each([null, '', 'menu', '//evil.example', '/\\evil', 'https://evil.example/menu'])('refuses %s', (v) => {
    expect(safeReturnTo(v)).toBe('/menu');
  });
  it('never returns to the sign-in page itself', () => expect(safeReturnTo('/login?returnTo=%2Fmenu')).toBe('/menu'));
  // What the browser's URL parser turns into another site: a tab or newline is dropped, a backslash is a slash.
  it.each(['/\t/evil.example', '/\n/evil.example', '/\r\n/evil.example', '\\/evil.example', '/\\evil.example', '/.//evil.example',
    ' //evil.example', 'javascript:alert(1)', 'https:/\\evil.example', '/\t/\t/evil.example'])('refuses %j', (v) => {
    expect(safeReturnTo(v)).toBe('/menu');
  });
  it('refuses a public page reached by a spelling of its path', () => expect(safeReturnTo('/x/../login')).toBe('/menu'));
  it('keeps check-in pages', () => expect(safeReturnTo('/check-in/1/2/3?rn=thames')).toBe('/check-in/1/2/3?rn=thames'));
});

it('loginPathFor encodes the path to come back to', () => {
  expect(loginPathFor('/menu/settings?a=b')).toBe('/login?returnTo=%2Fmenu%2Fsettings%3Fa%3Db');
});
