import type { TestApp, TestUser } from '../../testing/testApp.js';
import { createUser } from '../../testing/testApp.js';
import { grant } from '../../testing/fixtures.js';

/**
 * An organisation for the room booking, approval and mail API tests (straight SQL):
 * London HQ (Europe/London, NotificationEmail rooms@hq.example): Floor 1 with Thames, Severn (meeting)
 * and Clinic A (clinical); Floor 2 with the restricted Boardroom, approved by `approver` (directly)
 * and by the members of the team Facilities (`teamApprover`); plus a hidden and a disabled room.
 * Secret Site (restricted room access, only `siteListed` may choose its rooms) with Vault.
 * `guest` (guest@example.org) is a person known to Hotdesk, so bookings may be made on behalf of them.
 */
export const NOW = new Date('2030-04-01T07:00:00Z'); // Monday 08:00 in London (BST)

/** An ISO instant on a day of April 2030 at a London wall-clock time ('09:30'). */
export const london = (day: number, hhmm: string) => new Date(`2030-04-${String(day).padStart(2, '0')}T${hhmm}:00+01:00`).toISOString();

export interface Org {
  admin: TestUser; staff: TestUser; other: TestUser; approver: TestUser; teamApprover: TestUser; siteListed: TestUser; guest: TestUser;
  siteId: number; floor1: number; floor2: number; thames: number; severn: number; clinicA: number; boardroom: number;
  hidden: number; disabled: number; secretSite: number; secretLocation: number; vault: number; teamId: number;
}

type T = Pick<TestApp, 'pool' | 'deps'>;

async function room(t: T, locationId: number, name: string, o: { type?: number; restricted?: boolean; hidden?: boolean; disabled?: boolean; capacity?: number } = {}) {
  return (await t.pool.query<{ id: number }>(
    `INSERT INTO rooms (location_id, name, room_type, capacity, equipment, restrict_room_access, hidden, disabled)
     VALUES ($1, $2, $3, $4, 'Screen', $5, $6, $7) RETURNING id`,
    [locationId, name, o.type ?? 0, o.capacity ?? 8, o.restricted ?? false, o.hidden ?? false, o.disabled ?? false])).rows[0]!.id;
}

export async function createOrg(t: T): Promise<Org> {
  const admin = await createUser(t, { email: 'admin@hq.example', name: 'Ada Admin', roles: ['Admin'] });
  const staff = await createUser(t, { email: 'staff@hq.example', name: 'Sofia Staff' });
  const other = await createUser(t, { email: 'other@hq.example', name: 'Oscar Other' });
  const approver = await createUser(t, { email: 'approver@hq.example', name: 'Alex Approver' });
  const teamApprover = await createUser(t, { email: 'facilities@hq.example', name: 'Fay Facilities' });
  const siteListed = await createUser(t, { email: 'listed@hq.example', name: 'Lia Listed' });
  const guest = await createUser(t, { email: 'guest@example.org', name: 'Gil Guest' });
  const site = async (title: string, restricted: boolean) => (await t.pool.query<{ id: number }>(
    `INSERT INTO sites (title, time_zone, notification_email, restrict_room_access) VALUES ($1, 'Europe/London', $2, $3) RETURNING id`,
    [title, restricted ? '' : 'rooms@hq.example', restricted])).rows[0]!.id;
  const location = async (siteId: number, title: string) => (await t.pool.query<{ id: number }>(
    'INSERT INTO locations (site_id, title) VALUES ($1, $2) RETURNING id', [siteId, title])).rows[0]!.id;
  const siteId = await site('London HQ', false);
  const floor1 = await location(siteId, 'Floor 1');
  const floor2 = await location(siteId, 'Floor 2');
  const thames = await room(t, floor1, 'Thames', { capacity: 8 });
  const severn = await room(t, floor1, 'Severn', { capacity: 4 });
  const clinicA = await room(t, floor1, 'Clinic A', { type: 1, capacity: 3 });
  const hidden = await room(t, floor1, 'Hidden Room', { hidden: true });
  const disabled = await room(t, floor1, 'Disabled Room', { disabled: true });
  const boardroom = await room(t, floor2, 'Boardroom', { restricted: true, capacity: 20 });
  await grant(t.pool, { scope: 'room', scopeId: boardroom, accessType: 1, userId: approver.id });
  const teamId = (await t.pool.query<{ id: number }>("INSERT INTO teams (name) VALUES ('Facilities') RETURNING id")).rows[0]!.id;
  await t.pool.query('INSERT INTO team_members VALUES ($1, $2)', [teamId, teamApprover.id]);
  await grant(t.pool, { scope: 'room', scopeId: boardroom, accessType: 1, teamId });
  const secretSite = await site('Secret Site', true);
  const secretLocation = await location(secretSite, 'Basement');
  const vault = await room(t, secretLocation, 'Vault');
  await grant(t.pool, { scope: 'site', scopeId: secretSite, accessType: 1, userId: siteListed.id });
  return { admin, staff, other, approver, teamApprover, siteListed, guest, siteId, floor1, floor2, thames, severn, clinicA, boardroom, hidden, disabled, secretSite, secretLocation, vault, teamId };
}

export const call = (t: Pick<TestApp, 'app'>, who: TestUser | undefined, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

/** Books a room through the API and returns the answer's booking (fails the test unless 201). */
export async function bookVia(t: Pick<TestApp, 'app'>, who: TestUser, body: Record<string, unknown>) {
  const res = await call(t, who, 'POST', '/api/bookings/room', { Description: 'Team sync', Start: london(2, '09:00'), Finish: london(2, '10:00'), ...body });
  if (res.statusCode !== 201) throw new Error(`book: ${res.statusCode} ${res.body}`);
  return res.json();
}

export const mailRows = async (t: T) => (await t.pool.query<{ to: string; subject: string; body_text: string; ics: string | null }>(
  'SELECT lower(to_address) AS to, subject, body_text, ics FROM mail_outbox ORDER BY id')).rows;

export async function resetBookings(t: T): Promise<void> {
  await t.pool.query('DELETE FROM bookings');
  await t.pool.query('DELETE FROM mail_outbox');
  await t.pool.query('DELETE FROM push_outbox');
  await t.pool.query('DELETE FROM booking_constraints');
  await t.pool.query('UPDATE global_settings SET maintenance_mode = false, room_booking_enabled = true, room_constraint_number = 0');
  await t.pool.query('UPDATE sites SET room_booking_enabled = true');
}
