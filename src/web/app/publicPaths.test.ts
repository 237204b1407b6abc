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
});

it('loginPathFor encodes the path to come back to', () => {
  expect(loginPathFor('/menu/settings?a=b')).toBe('/login?returnTo=%2Fmenu%2Fsettings%3Fa%3Db');
});
