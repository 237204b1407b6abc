import { describe, expect, it } from 'vitest';
import { withDatabase } from './databaseUrl.js';

describe('withDatabase', () => {
  it('replaces the database of a TCP URL', () => {
    expect(withDatabase('postgres://u:p@127.0.0.1:5432/hotdesk', 'postgres')).toBe('postgres://u:p@127.0.0.1:5432/postgres');
  });
  it('keeps the Unix socket folder of an embedded URL', () => {
    expect(withDatabase('postgres://u:p@localhost:41307/hotdesk?host=%2Ftmp%2Fx%2Frun', 'tpl_1'))
      .toBe('postgres://u:p@localhost:41307/tpl_1?host=%2Ftmp%2Fx%2Frun');
  });
});
