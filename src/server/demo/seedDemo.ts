import type pg from 'pg';
import { hashPassword } from '../auth/passwords.js';

export interface DemoPerson { kind: string; email: string; password: string }

/** One person for each kind of user in SPEC section 6. Demo passwords are printed; never use them for real. */
const PEOPLE = [
  { kind: 'Admin', email: 'admin@demo.hotdesk', name: 'Ada Admin', roles: [1] },
  { kind: 'Booking Manager', email: 'manager@demo.hotdesk', name: 'Max Manager', roles: [3] },
  { kind: 'Reporting', email: 'reports@demo.hotdesk', name: 'Rita Reports', roles: [2] },
  { kind: 'Room approver', email: 'approver@demo.hotdesk', name: 'Alex Approver', roles: [] },
  { kind: 'Site-level admin', email: 'reception@demo.hotdesk', name: 'Sam Reception', roles: [] },
  { kind: 'Staff', email: 'staff@demo.hotdesk', name: 'Sofia Staff', roles: [] },
] as const;

const demoPassword = (email: string) => `demo-${email.split('@')[0]}-2026`;

function demoLayout(): string {
  const desks = [];
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 6; col++) {
      const n = row * 6 + col + 1;
      desks.push({
        x: 200 + col * 60, y: 200 + row * 80, rotation: 0,
        bookable: n % 7 !== 0, // desks 7 and 14 are not bookable
        id: `D${n}`, alias: `Desk ${n}`, assignedTeams: [], tags: [],
      });
    }
  }
  return JSON.stringify({
    desks,
    doors: [{ x: 160, y: 180, rotation: 90 }],
    text: [{ x: 200, y: 160, text: 'Open-plan area', fontSize: 'large' }],
    floorplanRectangles: [{ x: 150, y: 150, width: 440, height: 300, rotation: 0 }],
    roomRectangles: [{ x: 620, y: 150, width: 160, height: 120, rotation: 0 }],
    floorplanShapes: [],
    lastUpdate: Date.now(),
  });
}

/**
 * Creates the demo organisation once (two sites in different time zones, locations, meeting and
 * clinical rooms, a restricted room, a published floorplan) and the demo people every time.
 */
export async function seedDemo(pool: pg.Pool, _defaultTimeZone: string): Promise<DemoPerson[]> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const ids: Record<string, number> = {};
    for (const p of PEOPLE) {
      const hash = await hashPassword(demoPassword(p.email));
      const { rows } = await client.query<{ id: number }>(
        `INSERT INTO users (email, full_name, password_hash, organisation, phone) VALUES ($1, $2, $3, 'Demo Health Trust', '0100 000 000')
         ON CONFLICT (email_key) DO UPDATE SET password_hash = EXCLUDED.password_hash RETURNING id`, [p.email, p.name, hash]);
      ids[p.kind] = rows[0]!.id;
      for (const r of p.roles) await client.query('INSERT INTO user_roles VALUES ($1, $2) ON CONFLICT DO NOTHING', [rows[0]!.id, r]);
    }
    const seeded = await client.query("SELECT 1 FROM sites WHERE title = 'London HQ' AND deleted_at IS NULL");
    if (seeded.rowCount === 0) {
      const site = async (title: string, tz: string, extra: string, notes: string) => (await client.query<{ id: number }>(
        `INSERT INTO sites (title, time_zone, post_code, address, notes, site_level_parking, parking_spaces, room_check_ins)
         VALUES ($1, $2, $3, $4, $5, $6, $7, true) RETURNING id`, [title, tz, extra, `${title} address`, notes, title === 'London HQ', title === 'London HQ' ? 10 : 0])).rows[0]!.id;
      const london = await site('London HQ', 'Europe/London', 'EC1A 1BB', 'Visitors sign in at reception on the ground floor.');
      const newYork = await site('New York Clinic', 'America/New_York', '10001', 'Clinical rooms need a clinician present.');
      const location = async (siteId: number, title: string, building: string) => (await client.query<{ id: number }>(
        'INSERT INTO locations (site_id, title, building_name_no) VALUES ($1, $2, $3) RETURNING id', [siteId, title, building])).rows[0]!.id;
      const l1 = await location(london, 'Floor 1', 'Main Building');
      const l2 = await location(london, 'Floor 2', 'Main Building');
      const ny1 = await location(newYork, 'Ground Floor', '5th Avenue');
      const room = async (locationId: number, name: string, type: number, capacity: number, restricted = false) => (await client.query<{ id: number }>(
        `INSERT INTO rooms (location_id, name, room_type, capacity, equipment, restrict_room_access) VALUES ($1, $2, $3, $4, 'Screen, whiteboard', $5) RETURNING id`,
        [locationId, name, type, capacity, restricted])).rows[0]!.id;
      await room(l1, 'Thames', 0, 8);
      await room(l1, 'Severn', 0, 4);
      const boardroom = await room(l2, 'Boardroom', 0, 20, true);
      await room(ny1, 'Consulting Room 1', 1, 3);
      await room(ny1, 'Hudson', 0, 6);
      await client.query("INSERT INTO access_grants (scope, scope_id, access_type, user_id) VALUES ('room', $1, 1, $2)", [boardroom, ids['Room approver']]);
      await client.query("INSERT INTO access_grants (scope, scope_id, access_type, user_id) VALUES ('site', $1, 0, $2)", [london, ids['Site-level admin']]);
      await client.query("UPDATE sites SET notification_email = 'approvals@demo.hotdesk' WHERE id = $1", [london]);
      const fp = (await client.query<{ id: number }>("INSERT INTO floorplans (location_id, name) VALUES ($1, 'Floor 1 open plan') RETURNING id", [l1])).rows[0]!.id;
      await client.query('INSERT INTO layouts (floorplan_id, json, published, published_at) VALUES ($1, $2, true, now())', [fp, demoLayout()]);
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    client.release();
  }
  return PEOPLE.map((p) => ({ kind: p.kind, email: p.email, password: demoPassword(p.email) }));
}
