import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roomNameSlug } from './slug.js';

describe('roomNameSlug', () => {
  it.each([
    ['Board Room', 'board-room'],
    ['Room 2.14 (East)', 'room-2-14-east'],
    ['  --Meeting   Room--  ', 'meeting-room'],
    ['Salle Café', 'salle-cafe'],
    ['Straße 5', 'strasse-5'],
    ['ALLCAPS', 'allcaps'],
    ['a/b?c&d=e#f', 'a-b-c-d-e-f'],
    ['', ''],
    ['   ', ''],
    ['!!!', ''],
    ['🚀', ''],
    ['Room 🚀 1', 'room-1'],
  ])('%j -> %j', (name, slug) => expect(roomNameSlug(name)).toBe(slug));

  it('property: only a-z, 0-9 and single inner dashes; idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const slug = roomNameSlug(s);
        return /^([a-z0-9]+(-[a-z0-9]+)*)?$/.test(slug) && roomNameSlug(slug) === slug;
      }),
    );
  });
});
