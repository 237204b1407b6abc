import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { createTestDatabase } from '../testing/testApp.js';
import { createPool } from './pool.js';

// pool.query keeps its connection when the database refuses a statement (a booking's 409): a 200-way
// race used to close ~200 connections per round and open them again, and waiting requests got 503.
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: pg.Pool;
const backend = async () => (await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;

beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, 1); // one connection: a new backend pid means the pool opened a new one
  await pool.query('CREATE TABLE pool_test (id int PRIMARY KEY)');
  await pool.query('INSERT INTO pool_test VALUES (1)');
});
afterAll(async () => {
  await pool.end();
  await db.drop();
});

describe('createPool', () => {
  it('keeps the connection when a statement is refused (constraint, bad value), and answers with the error', async () => {
    const pid = await backend();
    await expect(pool.query('INSERT INTO pool_test VALUES (1)')).rejects.toMatchObject({ code: '23505' });
    await expect(pool.query({ name: 'divide', text: 'SELECT 1 / $1::int AS x', values: [0] })).rejects.toMatchObject({ code: '22012' });
    // the named statement stays prepared on the kept connection and runs again on it
    expect((await pool.query({ name: 'divide', text: 'SELECT 1 / $1::int AS x', values: [1] })).rows).toEqual([{ x: 1 }]);
    expect(await backend()).toBe(pid);
    expect(pool.totalCount).toBe(1);
  });

  it('leaves nothing of a refused statement on the connection: what runs next on it is committed at once', async () => {
    await expect(pool.query('INSERT INTO pool_test VALUES (1)')).rejects.toMatchObject({ code: '23505' });
    await pool.query('INSERT INTO pool_test VALUES (2)');
    // seen from another connection: not left inside a transaction on the kept one
    expect((await db.pool.query('SELECT array_agg(id ORDER BY id) AS ids FROM pool_test')).rows[0].ids).toEqual([1, 2]);
  });

  it('still closes a connection that broke, and the next statement gets a new one', async () => {
    const pid = await backend();
    await expect(pool.query('SELECT pg_terminate_backend(pg_backend_pid())')).rejects.toBeTruthy();
    const next = await backend();
    expect(next).not.toBe(pid);
    expect(pool.totalCount).toBe(1);
  });
});
