import { describe, expect, it } from 'vitest';
import { makeDesk } from '../../../domain/layout/testDrawings.js';
import { deskNameLabels } from './deskNameLabels.js';

describe('deskNameLabels', () => {
  it('labels each desk with its short name, its id when it has no alias', () => {
    const labels = deskNameLabels([
      makeDesk({ id: 'a', alias: 'Desk 12' }),
      makeDesk({ id: 'b', alias: 'A-003', bookable: false }),
      makeDesk({ id: 'c', alias: '  ' }),
    ]);
    expect([...labels]).toEqual([['a', '12'], ['b', 'A-003'], ['c', 'c']]);
  });
});
