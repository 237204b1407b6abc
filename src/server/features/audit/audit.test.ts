import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/transaction.js';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { awayFromMinuteEnd } from '../../testing/minuteWindow.js';
import { createOrg, london, NOW, type Org } from '../roomBooking/roomBookingTestKit.js';
import { EXPORTS_PER_MINUTE } from './audit.service.js';
import { recordAudit } from './recordAudit.js';

let t: Awaited<ReturnType<typeof buildTestApp>>;
let org: Org;
let admin: TestUser & { name: string };

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  org = await createOrg(t);
  admin = { ...(await createUser(t, { roles: ['Admin'], name: 'Ada Auditor' })), name: 'Ada Auditor' };
});
afterAll(() => t.dropDatabase());
beforeEach(async () => {
  await t.pool.query('DELETE FROM audit_log');
  await t.pool.query('DELETE FROM read_limits');
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (who: TestUser | undefined, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

interface Row { actor_id: number | null; actor_name: string; action: string; target_type: string; target_id: string | null; changes: Record<string, { Before: unknown; After: unknown }> }
const entries = async (action?: string) => (await t.pool.query<Row>(
  `SELECT actor_id, actor_name, action, target_type, target_id, changes FROM audit_log ${action ? 'WHERE action = $1' : ''} ORDER BY id`, action ? [action] : [])).rows;

describe('each audited action leaves exactly one entry with what changed', () => {
  it('roles: before and after as role names; saving the same roles again records nothing', async () => {
    const p = await createUser(t, { roles: ['Reporting'] });
    expect((await call(admin, 'POST', `/api/users/${p.email}/roles`, { RoleIds: [2, 3] })).statusCode).toBe(200);
    expect(await entries()).toEqual([{
      actor_id: admin.id, actor_name: 'Ada Auditor', action: 'roles.change', target_type: 'user', target_id: String(p.id),
      changes: { Roles: { Before: ['Reporting'], After: ['Booking Manager', 'Reporting'] } },
    }]);
    expect((await call(admin, 'POST', `/api/users/${p.email}/roles`, { RoleIds: [3, 2] })).statusCode).toBe(200);
    expect(await entries()).toHaveLength(1);
  });

  it('keeps the actor\'s name as it was when they acted', async () => {
    const renamed = await createUser(t, { roles: ['Admin'], name: 'Old Name' });
    const p = await createUser(t);
    await call(renamed, 'POST', `/api/users/${p.email}/roles`, { RoleIds: [2] });
    await t.pool.query("UPDATE users SET full_name = 'New Name' WHERE id = $1", [renamed.id]);
    expect((await entries())[0]!.actor_name).toBe('Old Name');
  });

  it('teams: create, rename (changed fields only), members (as ids), delete', async () => {
    const member = await createUser(t);
    const created = await call(admin, 'POST', '/api/teams', { Name: 'Audit Crew' });
    expect(created.statusCode).toBe(201);
    const id = created.json().Id as number;
    await call(admin, 'POST', `/api/teams/${id}`, { Name: 'Audit Squad' });
    await call(admin, 'POST', `/api/teams/${id}/members`, { UserIds: [member.id] });
    await call(admin, 'DELETE', `/api/teams/${id}`);
    const rows = await entries();
    expect(rows.map((r) => [r.action, r.target_id, r.changes])).toEqual([
      ['team.create', String(id), { Name: { Before: null, After: 'Audit Crew' } }],
      ['team.update', String(id), { Name: { Before: 'Audit Crew', After: 'Audit Squad' } }],
      ['team.members', String(id), { MemberIds: { Before: [], After: [member.id] } }],
      ['team.delete', String(id), { Name: { Before: 'Audit Squad', After: null } }],
    ]);
  });

  it('global settings: only the fields that changed', async () => {
    const current = (await call(admin, 'GET', '/api/settings')).json();
    const body = {
      MaintenanceMode: current.MaintenanceMode, RoomBookingEnabled: !current.RoomBookingEnabled, DeskBookingEnabled: current.DeskBookingEnabled,
      GlobalDeskConstraint: current.GlobalDeskConstraint, GlobalRoomConstraint: current.GlobalRoomConstraint,
    };
    expect((await call(admin, 'POST', '/api/settings', body)).statusCode).toBe(200);
    expect((await entries()).map((r) => [r.action, r.changes])).toEqual([
      ['settings.change', { RoomBookingEnabled: { Before: current.RoomBookingEnabled, After: !current.RoomBookingEnabled } }],
    ]);
    await call(admin, 'POST', '/api/settings', { ...body, RoomBookingEnabled: current.RoomBookingEnabled });
  });

  it('retention periods: audited; the privacy page reads them signed out', async () => {
    const res = await call(admin, 'PUT', '/api/admin/retention', { BookingRetentionMonths: 36, AuditRetentionMonths: 24 });
    expect(res.statusCode).toBe(200);
    expect((await entries()).map((r) => [r.action, r.changes])).toEqual([
      ['retention.change', { BookingRetentionMonths: { Before: null, After: 36 } }],
    ]);
    expect((await call(undefined, 'GET', '/api/privacy/retention')).json()).toEqual({ BookingRetentionMonths: 36, AuditRetentionMonths: 24 });
    await call(admin, 'PUT', '/api/admin/retention', { BookingRetentionMonths: null, AuditRetentionMonths: 24 });
  });

  it('restrictions: the switch and the access list that changed; other site changes record nothing', async () => {
    const site = (await call(admin, 'POST', '/api/sites', { Title: 'Audit Site', TimeZone: 'Europe/London' })).json();
    expect(await entries()).toEqual([]); // an unrestricted new site
    expect((await call(admin, 'POST', `/api/sites/${site.Id}`, { RestrictDeskAccess: true, DeskAccessUsers: [org.staff.id] })).statusCode).toBe(200);
    expect((await call(admin, 'POST', `/api/sites/${site.Id}`, { Title: 'Audit Site renamed' })).statusCode).toBe(200);
    expect((await entries()).map((r) => [r.action, r.target_type, r.target_id, r.changes])).toEqual([
      ['restrictions.change', 'site', String(site.Id), { DeskAccessUserIds: { Before: [], After: [org.staff.id] }, RestrictDeskAccess: { Before: false, After: true } }],
    ]);
    const room = (await call(admin, 'POST', '/api/rooms', { LocationId: org.floor1, Name: 'Audit Room', RoomType: 0, Capacity: 8, RestrictRoomAccess: true, RoomAdminUsers: [org.approver.id] })).json();
    expect((await entries()).slice(1).map((r) => [r.target_type, r.target_id, r.changes])).toEqual([
      ['room', String(room.Id), { RestrictRoomAccess: { Before: false, After: true }, RoomAdminUserIds: { Before: [], After: [org.approver.id] } }],
    ]);
  });

  it('closures: creation (with the bookings it cancelled) and deletion', async () => {
    const body = { SiteId: org.siteId, Scope: { WholeSite: true }, Start: london(20, '00:00'), End: london(21, '00:00'), Reason: 'Audit day' };
    const preview = (await call(admin, 'POST', '/api/closures/preview', body)).json();
    const created = await call(admin, 'POST', '/api/closures', { ...body, Token: preview.Token });
    expect(created.statusCode).toBe(201);
    const closureId = created.json().Closures[0].Id as number;
    expect((await call(admin, 'DELETE', `/api/closures/${closureId}`)).statusCode).toBe(204);
    const [made, gone, ...more] = await entries();
    expect(more).toEqual([]);
    expect(made).toMatchObject({ action: 'closure.create', target_type: 'site', target_id: String(org.siteId) });
    expect(made!.changes.ClosureIds).toEqual({ Before: null, After: [closureId] });
    expect(made!.changes.BookingsCancelled).toEqual({ Before: null, After: 0 });
    expect(gone).toMatchObject({ action: 'closure.delete', target_type: 'closure', target_id: String(closureId) });
    expect(gone!.changes.Reason).toEqual({ Before: 'Audit day', After: null });
  });

  it('a cancellation by an admin (with its reason), and none for a person cancelling their own booking', async () => {
    const book = async (hour: number) => Number((await t.pool.query<{ id: string }>(
      `INSERT INTO bookings (site_id, location_id, room_id, starts_at, finishes_at, booked_by_user_id, holder_key, status)
       VALUES ($1, $2, $3, $4, $5, $6, lower($7), 1) RETURNING id`,
      [org.siteId, org.floor1, org.thames, london(10, `${hour}:00`), london(10, `${hour}:30`), org.staff.id, org.staff.email])).rows[0]!.id);
    const byAdmin = await book(10), byOwner = await book(11);
    expect((await call(admin, 'DELETE', '/api/bookings', { Id: byAdmin, CancellationReason: 'Room needed for audit', CancelledByAdmin: true })).statusCode).toBe(200);
    expect((await call(org.staff, 'DELETE', '/api/bookings', { Id: byOwner, CancellationReason: '', CancelledByAdmin: false })).statusCode).toBe(200);
    expect((await entries()).map((r) => [r.action, r.target_id, r.changes])).toEqual([
      ['booking.cancel', String(byAdmin), { Reason: { Before: null, After: 'Room needed for audit' }, Status: { Before: 'Approved', After: 'Cancelled' } }],
    ]);
  });

  it('an erasure: ids and counts only, and the erased admin\'s name leaves the entries they wrote', async () => {
    const leaving = await createUser(t, { roles: ['Admin'], name: 'Leaving Admin', email: 'leaving.admin@example.org' });
    const p = await createUser(t);
    await call(leaving, 'POST', `/api/users/${p.email}/roles`, { RoleIds: [2] });
    expect((await call(admin, 'POST', `/api/admin/people/${leaving.id}/erase`, { Confirm: leaving.email })).statusCode).toBe(200);
    const rows = await entries();
    expect(rows.map((r) => [r.action, r.actor_id, r.actor_name])).toEqual([['roles.change', leaving.id, 'Former member'], ['person.erase', admin.id, 'Ada Auditor']]);
    expect(rows[1]!.target_id).toBe(String(leaving.id));
    expect(rows[1]!.changes.Roles).toEqual({ Before: null, After: 1 });
    expect(JSON.stringify(rows)).not.toMatch(/Leaving Admin|leaving\.admin/i);
  });
});

describe('a refused or rolled-back action leaves no entry', () => {
  it('an entry written in a transaction that then fails is rolled back with it', async () => {
    await expect(inTransaction(t.pool, async (db) => {
      await recordAudit(db, { actor: { id: admin.id, fullName: admin.name }, action: 'team.update', target: { type: 'team', id: 1 }, before: { Name: 'a' }, after: { Name: 'b' } });
      throw new Error('the action failed after recording');
    })).rejects.toThrow('the action failed');
    expect(await entries()).toEqual([]);
  });

  it('refusals by the services (unknown team, an erasure with the wrong confirmation) record nothing', async () => {
    const p = await createUser(t);
    expect((await call(admin, 'POST', '/api/teams/999999/members', { UserIds: [] })).statusCode).toBe(404);
    expect((await call(admin, 'POST', `/api/admin/people/${p.id}/erase`, { Confirm: 'wrong@example.org' })).statusCode).toBe(400);
    expect((await call(admin, 'DELETE', '/api/closures/999999')).statusCode).toBe(404);
    expect(await entries()).toEqual([]);
  });

  it('never keeps a field that names a secret', async () => {
    await recordAudit(t.pool, { actor: 'system', action: 'settings.change', target: { type: 'settings', id: null },
      before: { CalendarToken: 'a', PasswordHash: 'x', Name: 'n' }, after: { CalendarToken: 'b', PasswordHash: 'y', Name: 'm' } });
    expect((await entries())[0]!.changes).toEqual({ Name: { Before: 'n', After: 'm' } });
  });
});

describe('GET /api/admin/audit, /actors and /export', () => {
  const seed = async (n: number) => {
    for (let i = 0; i < n; i++) {
      await t.pool.query(`INSERT INTO audit_log (at, actor_id, actor_name, action, target_type, target_id) VALUES ($1, $2, 'Ada Auditor', $3, 'team', $4)`,
        [new Date(Date.UTC(2030, 0, 1) + i * 60_000), i % 2 ? admin.id : null, i % 3 ? 'team.update' : 'team.create', String(i)]);
    }
  };

  it('refuses anonymous callers (401) and staff (403) on every route', async () => {
    for (const url of ['/api/admin/audit', '/api/admin/audit/actors', '/api/admin/audit/export', '/api/admin/retention']) {
      expect((await call(undefined, 'GET', url)).statusCode, url).toBe(401);
      expect((await call(org.staff, 'GET', url)).statusCode, url).toBe(403);
    }
    expect((await call(org.staff, 'PUT', '/api/admin/retention', { BookingRetentionMonths: 1, AuditRetentionMonths: 1 })).statusCode).toBe(403);
  });

  it('pages newest first by cursor without gaps or repeats, and filters by period, action and actor', async () => {
    await seed(25);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(admin, 'GET', `/api/admin/audit?limit=10${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page = res.json();
      seen.push(...page.Entries.map((e: { TargetId: string }) => e.TargetId));
      cursor = page.NextCursor;
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => String(24 - i)));

    const filtered = (await call(admin, 'GET', `/api/admin/audit?action=team.create&actorId=${admin.id}&from=2030-01-01T00:05:00Z&to=2030-01-01T00:20:00Z`)).json();
    // i in 5..19, odd (admin), divisible by 3 (team.create): 9, 15.
    expect(filtered.Entries.map((e: { TargetId: string }) => e.TargetId)).toEqual(['15', '9']);
    expect(filtered.NextCursor).toBeNull();
    expect((await call(admin, 'GET', '/api/admin/audit/actors')).json()).toEqual([{ Id: admin.id, Name: 'Ada Auditor' }]);
  });

  it('refuses bad input with 400 and a message', async () => {
    for (const q of ['limit=201', 'limit=0', 'action=bogus', 'from=yesterday', 'cursor=abc', 'actorId=-1', 'from=2030-02-01T00:00:00Z&to=2030-01-01T00:00:00Z', 'unknown=1']) {
      const res = await call(admin, 'GET', `/api/admin/audit?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().Error, q).toBeTruthy();
    }
    for (const body of [{ BookingRetentionMonths: 0, AuditRetentionMonths: 24 }, { BookingRetentionMonths: null, AuditRetentionMonths: 121 }, { AuditRetentionMonths: 24 }]) {
      expect((await call(admin, 'PUT', '/api/admin/retention', body)).statusCode).toBe(400);
    }
  });

  it('exports CSV (no-store, an attachment), at most a few times per minute', async () => {
    await awayFromMinuteEnd(t.pool); // the counted calls below must fall in one minute
    await seed(3);
    const res = await call(admin, 'GET', '/api/admin/audit/export?action=team.update');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="hotdesk-audit-log-\d{4}-\d\d-\d\d\.csv"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.startsWith('\uFEFF')).toBe(true); // Excel reads UTF-8 names right
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('Id,At (UTC),ActorId,Actor,Action,ActionName,TargetType,TargetId,Changes,ChangesJson');
    expect(lines).toHaveLength(3); // header + i = 1, 2
    for (let i = 1; i < EXPORTS_PER_MINUTE; i++) expect((await call(admin, 'GET', '/api/admin/audit/export')).statusCode).toBe(200);
    expect((await call(admin, 'GET', '/api/admin/audit/export')).statusCode).toBe(429);
  });
});
