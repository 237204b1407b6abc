import { expect, request, type APIRequestContext } from '@playwright/test';
import { DEMO, type DemoPerson } from './helpers.js';

// Shared by myBookings.spec.ts and checkIn.spec.ts. Specs share one server, so each test makes its
// own room (London HQ, site 1, Floor 1, location 1, which has room check-ins on) and its own bookings.

export const LONDON = { siteId: 1, locationId: 1 } as const;
export const SCREENS = 'test-results/screens';

/** An API client signed in as a demo person (its own cookie jar). Dispose it when done. */
export async function apiAs(baseURL: string, who: DemoPerson): Promise<APIRequestContext> {
  const ctx = await request.newContext({ baseURL });
  const res = await ctx.post('auth/login', { data: { email: DEMO[who].email, password: DEMO[who].password } });
  expect(res.ok(), await res.text()).toBe(true);
  return ctx;
}

/** A new meeting room of our own at London HQ, Floor 1 (made by the demo admin). */
export async function newRoom(baseURL: string, name: string): Promise<{ Id: number; Name: string }> {
  const admin = await apiAs(baseURL, 'admin');
  try {
    const res = await admin.post('api/rooms', { data: { LocationId: LONDON.locationId, Name: name, RoomType: 0, Capacity: 6, Equipment: 'Screen' } });
    expect(res.status(), await res.text()).toBe(201);
    return await res.json();
  } finally {
    await admin.dispose();
  }
}

/** A room booking through the API, starting `inMinutes` from now (whole minutes). */
export async function bookRoom(api: APIRequestContext, roomId: number, inMinutes: number, lengthMinutes: number, description: string) {
  const start = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + inMinutes * 60_000);
  const finish = new Date(start.getTime() + lengthMinutes * 60_000);
  const res = await api.post('api/bookings/room', { data: { RoomId: roomId, Start: start.toISOString(), Finish: finish.toISOString(), Description: description } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { Id: number; Start: string; Finish: string; Status: number };
}

export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/**
 * An admin closes `scope` of a site from a minute ago for an hour (preview, then create with its token, as the
 * Closures screen does). Returns a function that removes the closure again.
 */
export async function closeNow(baseURL: string, siteId: number, scope: { LocationIds?: number[]; RoomIds?: number[] }, reason: string): Promise<() => Promise<void>> {
  const admin = await apiAs(baseURL, 'admin');
  const from = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 60_000);
  const closure = { SiteId: siteId, Scope: { WholeSite: false, ...scope }, Start: from.toISOString(), End: new Date(from.getTime() + 3_600_000).toISOString(), Reason: reason };
  const preview = await admin.post('api/closures/preview', { data: closure });
  expect(preview.status(), await preview.text()).toBe(200);
  const created = await admin.post('api/closures', { data: { ...closure, Token: (await preview.json()).Token } });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const id = (await created.json()).Closures[0].Id as number;
  return async () => {
    expect((await admin.delete(`api/closures/${id}`)).status()).toBeLessThan(300);
    await admin.dispose();
  };
}
