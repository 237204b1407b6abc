import { describe, expect, it } from 'vitest';
import { compareVersions, parseVersion, versionAction } from './version.js';

describe('compareVersions', () => {
  it.each([
    ['1.0.1', '1.0.1', 0],
    ['1.0.2', '1.0.1', 1],
    ['1.0.1', '1.0.2', -1],
    ['1.10.0', '1.9.0', 1], // numeric, not text order
    ['2.0.0', '1.99.99', 1],
    ['0.3.0', '0.2.9', 1],
    ['0.2.9', '0.3.0', -1],
    ['v1.0.1', '1.0.1', 0],
    ['1.2', '1.2.0', 0],
    ['1', '1.0.0', 0],
    ['1.0.0-beta', '1.0.0', -1],
    ['1.0.0', '1.0.0-rc.1', 1],
    ['1.0.0-alpha', '1.0.0-alpha.1', -1],
    ['1.0.0-alpha.2', '1.0.0-alpha.10', -1],
    ['1.0.0-alpha.beta', '1.0.0-alpha.1', 1],
    ['1.0.0+build.5', '1.0.0+build.6', 0],
    ['nonsense', '0.0.1', -1],
    ['1.0.0', '', 1],
  ])('%s vs %s is %i', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
    expect(compareVersions(b, a)).toBe(-expected || 0);
  });

  it('refuses text that is not a version', () => {
    for (const bad of ['', 'latest', '1.0.0.0', '1..0', '<html>', '1.0.x', '-1.0.0']) expect(parseVersion(bad)).toBeUndefined();
  });
});

describe('versionAction (SPEC 4 new version, 0.3.0 rule)', () => {
  it('takes the first answer after load as the baseline: no reload, so a reload cannot loop', () => {
    expect(versionAction(undefined, '1.0.1')).toBe('none');
    expect(versionAction(undefined, '0.3.0')).toBe('none');
  });

  it('clears the caches and reloads when a newer version is served', () => {
    expect(versionAction('1.0.1', '1.0.2')).toBe('clearCachesAndReload');
    expect(versionAction('1.0.1', '2.0.0')).toBe('clearCachesAndReload');
    expect(versionAction('0.3.0', '0.3.1')).toBe('clearCachesAndReload');
    expect(versionAction('0.2.0', '0.3.0')).toBe('clearCachesAndReload');
    expect(versionAction('1.0.0-rc.1', '1.0.0')).toBe('clearCachesAndReload');
  });

  it('also reloads when the server went back to an older release (the page no longer matches it)', () => {
    expect(versionAction('1.0.2', '1.0.1')).toBe('clearCachesAndReload');
    expect(versionAction('1.0.1', '0.3.0')).toBe('clearCachesAndReload');
  });

  it('does nothing while the version is unchanged', () => {
    expect(versionAction('1.0.1', '1.0.1')).toBe('none');
    expect(versionAction('1.0.1', 'v1.0.1')).toBe('none');
    expect(versionAction('0.3.0', '0.3.0')).toBe('none');
  });

  it('a version below 0.3.0 triggers a cache clear (no reload), once when seen', () => {
    expect(versionAction(undefined, '0.2.9')).toBe('clearCaches');
    expect(versionAction(undefined, '0.0.1')).toBe('clearCaches');
    expect(versionAction('1.0.1', '0.2.9')).toBe('clearCaches');
    expect(versionAction('0.2.8', '0.2.9')).toBe('clearCaches');
    expect(versionAction('0.2.9', '0.2.9')).toBe('none');
    expect(versionAction(undefined, '0.3.0-beta')).toBe('clearCaches');
  });

  it('ignores answers that are not versions', () => {
    expect(versionAction('1.0.1', '')).toBe('none');
    expect(versionAction('1.0.1', '<!doctype html>')).toBe('none');
    expect(versionAction(undefined, 'oops')).toBe('none');
  });

  it('reloads when the loaded version was unreadable and a real one is served', () => {
    expect(versionAction('garbage', '1.0.1')).toBe('clearCachesAndReload');
  });
});
