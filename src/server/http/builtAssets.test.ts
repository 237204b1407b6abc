import { describe, expect, it } from 'vitest';
import { acceptsEncoding } from './builtAssets.js';

describe('acceptsEncoding', () => {
  it('takes a coding listed without q or with q above 0, in any case and spacing', () => {
    expect(acceptsEncoding('gzip, deflate, br, zstd', 'br')).toBe(true);
    expect(acceptsEncoding('BR;q=0.5', 'br')).toBe(true);
    expect(acceptsEncoding('gzip ; q=1', 'gzip')).toBe(true);
  });
  it('refuses a coding with q=0, one not listed, and no header at all', () => {
    expect(acceptsEncoding('br;q=0, gzip', 'br')).toBe(false);
    expect(acceptsEncoding('br;q=0, gzip', 'gzip')).toBe(true);
    expect(acceptsEncoding('gzip', 'br')).toBe(false);
    expect(acceptsEncoding('brotli', 'br')).toBe(false);
    expect(acceptsEncoding(undefined, 'gzip')).toBe(false);
  });
});
