/**
 * The least an HTTP server in front of PostgreSQL adds to the room search on this machine
 * (roomAvailability.bench.ts, issue 19 point 6): node:http with no framework, no session, no
 * checks; the search's statement through pg, with the values from the request; an answer of
 * ANSWER_BYTES fixed bytes (the app's whole-site answer's size). Started by the bench as a process
 * of its own, as the app is, and measured by the same client in the same alternating blocks.
 * Env: DATABASE_URL, PORT, SEARCH_SQL, USER_ID, ANSWER_BYTES. Tells its parent 'listening'.
 */
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
const answer = Buffer.alloc(Number(process.env.ANSWER_BYTES ?? 75_000), ' ');
const userId = Number(process.env.USER_ID);

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (c: Buffer) => chunks.push(c));
  request.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { fromDate: string; toDate: string };
    pool.query({ name: 'bare_search', text: process.env.SEARCH_SQL!, values: [new Date(body.fromDate), new Date(body.toDate), userId] }).then(() => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': answer.length });
      response.end(answer);
    }, (err: Error) => {
      response.writeHead(500).end(err.message);
    });
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('listening'));
process.on('SIGTERM', () => { server.close(); void pool.end(); });
