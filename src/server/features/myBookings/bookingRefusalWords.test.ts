import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isSentence, refusalWords } from '../../../domain/refusalWords.js';
import { buildTestApp } from '../../testing/testApp.js';
import { insertPublishedFloorplan } from '../../testing/fixtures.js';
import { call, createOrg, london, NOW, resetBookings, type Org } from '../roomBooking/roomBookingTestKit.js';

/**
 * Issue 20, point 7: "refusals say why in words". Every refusal the room and desk booking calls can
 * give is provoked here against the real server, and what the booking screens would show for it
 * (refusalWords, the function both use) must be a sentence, not a code or a field path; where the
 * server's own text is a sentence, the screen shows that text.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>;
let o: Org;
let floorplanId: number;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  o = await createOrg(t);
  ({ floorplanId } = await insertPublishedFloorplan(t.pool, o.floor1, [{ id: 'D1' }, { id: 'D2' }, { id: 'NB', bookable: false }]));
});
afterAll(() => t.dropDatabase());
beforeEach(async () => {
  await resetBookings(t);
  await t.pool.query('UPDATE global_settings SET maintenance_mode = false, room_booking_enabled = true, desk_booking_enabled = true');
  await t.pool.query('UPDATE sites SET room_booking_enabled = true, desk_booking_enabled = true, restrict_desk_access = false');
});

type Reply = Awaited<ReturnType<typeof call>>;
/** What the web client makes of an answer (app/api.ts readError): status, status text, the body's Error and Code. */
function asClientError(res: Reply) {
  let body: { Error?: string; Code?: string } = {};
  try { body = res.json(); } catch { /* not JSON */ }
  const statusText = res.statusMessage || `HTTP ${res.statusCode}`;
  return Object.assign(new Error(body.Error ?? statusText), { status: res.statusCode, statusText, serverMessage: body.Error ?? statusText, code: body.Code });
}

const room = (body: Record<string, unknown> = {}, who: Org['staff'] | null = o.staff) =>
  call(t, who ?? undefined, 'POST', '/api/bookings/room', { RoomId: o.thames, Start: london(2, '09:00'), Finish: london(2, '10:00'), Description: 'Team sync', ...body });
const desk = (body: Record<string, unknown> = {}, who: Org['staff'] | null = o.staff) =>
  call(t, who ?? undefined, 'POST', '/api/bookings/desk', { FloorplanId: floorplanId, DeskId: 'D1', Start: london(2, '09:00'), Finish: london(2, '12:00'), ...body });

/** Each refusal: how to provoke it, and the status it must come with. */
const CASES: Array<{ what: string; status: number; setup?: string; send: () => Promise<Reply> }> = [
  { what: 'room: no team name', status: 400, send: () => room({ Description: '  ' }) },
  { what: 'room: not an e-mail', status: 400, send: () => room({ OnBehalfOfEmail: 'not-an-email' }) },
  { what: 'room: on behalf of someone unknown', status: 400, send: () => room({ OnBehalfOfEmail: 'nobody@elsewhere.example' }) },
  { what: 'room: end before start', status: 400, send: () => room({ Finish: london(2, '08:00') }) },
  { what: 'room: longer than a week', status: 400, send: () => room({ Finish: london(20, '10:00') }) },
  { what: 'room: in the past', status: 400, send: () => room({ Start: '2030-03-01T09:00:00Z', Finish: '2030-03-01T10:00:00Z' }) },
  { what: 'room: a start that is not a time', status: 400, send: () => room({ Start: 'tomorrow at nine' }) },
  { what: 'room: no such room', status: 404, send: () => room({ RoomId: 2_000_000_000 }) },
  { what: 'room: disabled room', status: 403, send: () => room({ RoomId: o.disabled }) },
  { what: 'room: restricted place', status: 403, send: () => room({ RoomId: o.vault }) },
  { what: 'room: turned off', status: 403, setup: 'UPDATE global_settings SET room_booking_enabled = false', send: () => room() },
  { what: 'room: turned off at the site', status: 403, setup: 'UPDATE sites SET room_booking_enabled = false', send: () => room() },
  { what: 'room: maintenance', status: 403, setup: 'UPDATE global_settings SET maintenance_mode = true', send: () => room() },
  { what: 'room: signed out', status: 401, send: () => room({}, null) },
  { what: 'room: clash', status: 409, send: async () => { await room(); return room({ Start: london(2, '09:30'), Finish: london(2, '10:30') }); } },
  { what: 'desk: end before start', status: 400, send: () => desk({ Finish: london(2, '08:00') }) },
  { what: 'desk: in the past', status: 400, send: () => desk({ Start: '2030-03-01T09:00:00Z', Finish: '2030-03-01T10:00:00Z' }) },
  { what: 'desk: not an e-mail', status: 400, send: () => desk({ OnBehalfOfEmail: 'not-an-email' }) },
  { what: 'desk: parking not offered', status: 400, send: () => desk({ IncludeParking: true }) },
  { what: 'desk: no such floorplan', status: 404, send: () => desk({ FloorplanId: 2_000_000_000 }) },
  { what: 'desk: not on the layout', status: 409, send: () => desk({ DeskId: 'NOPE' }) },
  { what: 'desk: not bookable', status: 403, send: () => desk({ DeskId: 'NB' }) },
  { what: 'desk: turned off', status: 403, setup: 'UPDATE global_settings SET desk_booking_enabled = false', send: () => desk() },
  { what: 'desk: turned off at the site', status: 403, setup: 'UPDATE sites SET desk_booking_enabled = false', send: () => desk() },
  { what: 'desk: maintenance', status: 403, setup: 'UPDATE global_settings SET maintenance_mode = true', send: () => desk() },
  { what: 'desk: taken', status: 409, send: async () => { await desk({}, o.other); return desk({ Start: london(2, '10:00') }); } },
  { what: 'desk: one desk at a time', status: 409, send: async () => { await desk(); return desk({ DeskId: 'D2', Start: london(2, '10:00') }); } },
];

describe('refusals of the booking calls, as the booking screens word them', () => {
  for (const c of CASES) {
    it(`${c.what} (${c.status})`, async () => {
      if (c.setup) await t.pool.query(c.setup);
      const res = await c.send();
      expect(res.statusCode, res.body).toBe(c.status);
      const words = refusalWords(asClientError(res));
      expect(isSentence(words), words).toBe(true);
      const server = (res.json() as { Error: string }).Error;
      // The server's own sentence reaches the screen; a schema's field path does not.
      if (!server.startsWith('Invalid ')) expect(words.replace(/\.$/, '')).toBe(server.replace(/\.$/, ''));
      else expect(words).not.toContain(server);
    });
  }

  it('words answers that carry no sentence: a proxy page, a server fault, no answer at all', () => {
    const bare = (status: number, statusText: string) =>
      Object.assign(new Error(statusText), { status, statusText, serverMessage: statusText, code: undefined });
    for (const [status, text] of [[502, 'Bad Gateway'], [504, 'Gateway Timeout'], [413, 'Payload Too Large'], [429, 'Too Many Requests'], [404, 'HTTP 404']] as const) {
      const words = refusalWords(bare(status, text));
      expect(isSentence(words), words).toBe(true);
      expect(words).not.toContain(text);
    }
    expect(refusalWords(new TypeError('Failed to fetch'))).toBe('Hotdesk could not be reached. Check your connection and try again.');
    expect(isSentence(refusalWords(new Error('boom')))).toBe(true);
  });
});
