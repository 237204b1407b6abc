import { describe, expect, it } from 'vitest';
import { RenderedFeeds } from './renderedFeeds.js';

describe('RenderedFeeds', () => {
  it('keeps texts by ETag up to its size, dropping the oldest first, and never one larger than all of it', () => {
    const feeds = new RenderedFeeds(10);
    feeds.add('a', 'aaaa');
    feeds.add('b', 'bbbb');
    expect([feeds.get('a'), feeds.get('b')]).toEqual(['aaaa', 'bbbb']);
    feeds.add('c', 'cccc'); // 12 characters: the oldest goes
    expect([feeds.get('a'), feeds.get('b'), feeds.get('c')]).toEqual([undefined, 'bbbb', 'cccc']);
    feeds.add('huge', 'x'.repeat(11));
    expect(feeds.get('huge')).toBeUndefined();
    expect(feeds.get('c')).toBe('cccc');
  });
});
