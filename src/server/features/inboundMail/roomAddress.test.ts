import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/testApp.js';
import { createOrg, type Org } from '../roomBooking/roomBookingTestKit.js';
import { inboundConfig, ROOM_PATTERN } from './inboundTestKit.js';
import { roomForAddress } from './roomAddress.repo.js';
import { BOOKING_ADDRESS_MESSAGES } from '../../../domain/wire/roomBookingAddress.js';

/** GET/PUT /api/rooms/{id}/bookingAddress: admins only, validated, unique; and how an address finds its room. */
let t: TestApp & { dropDatabase: () => Promise<void> };
let org: Org;

beforeAll(async () => {
  t = await buildTestApp();
  org = await createOrg(t);
  t.deps.config.inbound = inboundConfig();
});
afterAll(async () => { await t?.dropDatabase(); });

const put = (who: { cookie: string } | undefined, roomId: number, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/rooms/${roomId}/bookingAddress`, headers: who ? { cookie: who.cookie } : {}, payload: payload as object });
const get = (who: { cookie: string } | undefined, roomId: number) =>
  t.app.inject({ method: 'GET', url: `/api/rooms/${roomId}/bookingAddress`, headers: who ? { cookie: who.cookie } : {} });

describe('room booking address API', () => {
  it('shows an admin the derived address while none is set', async () => {
    const res = await get(org.admin, org.severn);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Address: null, Derived: 'room-severn@book.hq.example', Effective: 'room-severn@book.hq.example', ListenerOn: true });
  });

  it('refuses anonymous callers (401), staff and room admins (403)', async () => {
    expect((await get(undefined, org.severn)).statusCode).toBe(401);
    expect((await get(org.staff, org.severn)).statusCode).toBe(403);
    expect((await put(org.staff, org.severn, { Address: 'x@book.hq.example' })).statusCode).toBe(403);
    expect((await put(org.approver, org.boardroom, { Address: 'x@book.hq.example' })).statusCode).toBe(403);
  });

  it('sets an address in lower case, and clears it with null', async () => {
    const res = await put(org.admin, org.severn, { Address: 'Severn-Room@Book.HQ.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Address: 'severn-room@book.hq.example', Effective: 'severn-room@book.hq.example' });
    expect((await roomForAddress(t.pool, ROOM_PATTERN, 'severn-room@book.hq.example'))?.roomId).toBe(org.severn);
    // Once set, the derived address no longer books the room.
    expect(await roomForAddress(t.pool, ROOM_PATTERN, 'room-severn@book.hq.example')).toBeUndefined();
    expect((await put(org.admin, org.severn, { Address: null })).json()).toMatchObject({ Address: null, Effective: 'room-severn@book.hq.example' });
  });

  it('refuses a malformed address with 400 and its message', async () => {
    for (const bad of ['not an address', 'a@b', '<x@y.org>', 'x'.repeat(321)]) {
      const res = await put(org.admin, org.severn, { Address: bad });
      expect(res.statusCode).toBe(400);
    }
    expect((await put(org.admin, org.severn, { Address: 'nope' })).json().Errors.Address).toContain(BOOKING_ADDRESS_MESSAGES.invalid);
    expect((await put(org.admin, org.severn, {})).statusCode).toBe(400);
  });

  it('answers 409 when another room has the address, set or derived', async () => {
    expect((await put(org.admin, org.thames, { Address: 'shared@book.hq.example' })).statusCode).toBe(200);
    const dup = await put(org.admin, org.severn, { Address: 'SHARED@book.hq.example' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().Error).toBe(BOOKING_ADDRESS_MESSAGES.taken);
    const derived = await put(org.admin, org.severn, { Address: 'room-boardroom@book.hq.example' });
    expect(derived.statusCode).toBe(409);
    await put(org.admin, org.thames, { Address: null });
  });

  it('answers 404 for a room that does not exist', async () => {
    expect((await get(org.admin, 999_999)).statusCode).toBe(404);
    expect((await put(org.admin, 999_999, { Address: 'a@book.hq.example' })).statusCode).toBe(404);
  });
});

describe('an address finds its room', () => {
  it('by the pattern from the room name slug; not for another domain or an unknown slug', async () => {
    expect((await roomForAddress(t.pool, ROOM_PATTERN, 'room-clinic-a@book.hq.example'))?.roomId).toBe(org.clinicA);
    expect((await roomForAddress(t.pool, ROOM_PATTERN, 'ROOM-THAMES@BOOK.HQ.EXAMPLE'))?.roomId).toBe(org.thames);
    expect(await roomForAddress(t.pool, ROOM_PATTERN, 'room-thames@evil.example')).toBeUndefined();
    expect(await roomForAddress(t.pool, ROOM_PATTERN, 'room-nowhere@book.hq.example')).toBeUndefined();
    expect(await roomForAddress(t.pool, undefined, 'room-thames@book.hq.example')).toBeUndefined();
  });
});
