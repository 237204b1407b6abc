import { afterAll, beforeAll } from 'vitest';
import { insertTeam } from './fixtures.js';
import { buildTestApp, createUser, type TestUser } from './testApp.js';

/**
 * The cast the organisation set-up API tests (sites, locations, rooms) share: an app on its own
 * database with the clock fixed at ORG_SETUP_NOW, an admin, a staff member, a person to list as a
 * room admin or desk user, and a team with one member.
 */
export interface OrgSetupCast {
  t: Awaited<ReturnType<typeof buildTestApp>>;
  admin: TestUser;
  staff: TestUser;
  listed: TestUser;
  teamMember: TestUser;
  teamId: number;
}

export const ORG_SETUP_NOW = new Date('2031-03-10T12:00:00Z');

/** A time `h` hours after ORG_SETUP_NOW (negative for before), for bookings that are active or past. */
export const hoursFromNow = (h: number) => new Date(ORG_SETUP_NOW.getTime() + h * 3_600_000);

/**
 * Builds the cast before the file's tests and drops its database after them. The cast reaches the
 * file through `receive`, because the tests use its members as plain variables and vitest only
 * lets hooks be registered at the top of a file, not from inside beforeAll.
 */
export function withOrgSetupCast(receive: (cast: OrgSetupCast) => void): void {
  let t: OrgSetupCast['t'] | undefined;
  beforeAll(async () => {
    t = await buildTestApp({ now: ORG_SETUP_NOW });
    const admin = await createUser(t, { roles: ['Admin'] });
    const staff = await createUser(t);
    const listed = await createUser(t, { name: 'Listed Person' });
    const teamMember = await createUser(t);
    const teamId = await insertTeam(t.pool, 'Org set-up team', [teamMember.id]);
    receive({ t, admin, staff, listed, teamMember, teamId });
  });
  afterAll(() => t?.dropDatabase());
}
