import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Caller } from '../../domain/permissions.js';
import type { RoleName } from '../../domain/roles.js';
import { LookupBatcher } from '../db/lookupBatcher.js';
import { CallerCache, type CallerDetails } from './callerCache.js';

/** The signed-in person as every route sees them. */
export interface SessionUser {
  id: number;
  email: string;
  fullName: string;
  teamIds: number[];
  caller: Caller;
  /**
   * The organisation configuration's version when this request began (read with the session, in the
   * same query). Caches of configuration keyed by it are never stale (migration 0008).
   */
  configVersion: number;
}

/**
 * The session cookie's name over plain http (and in tests). Over https the name carries a prefix the
 * browser enforces (sessionCookieName in cookies.ts): read and write the cookie through that function.
 */
export const SESSION_COOKIE = 'hotdesk_session';
const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
/**
 * What create() makes: 32 random bytes in base64url, 43 characters. Anything else in the cookie was not
 * made here, and is refused without a database lookup (a flood of junk cookies costs no statement).
 */
const WELL_FORMED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Server-side sessions in PostgreSQL: every instance sees the same sessions, and deleting a row
 * revokes one at once. The cookie holds a random token; only its hash is stored.
 *
 * A session ends after `idleMinutes` without use (sliding), and in any case `maxDays` after it was
 * created however busy it is (absolute lifetime): the sliding expiry is never moved past
 * created_at + maxDays, and a lookup also checks created_at, so lowering HOTDESK_SESSION_MAX_DAYS
 * ends older sessions at once.
 */
export class SessionStore {
  private readonly callers = new CallerCache();
  /** Every request looks its session up: concurrent lookups share statements (LookupBatcher). */
  readonly lookups: LookupBatcher<string, SessionRow>;

  /** `maxDays`: HOTDESK_SESSION_MAX_DAYS (its default, 30, for tools and benches that make sessions directly). */
  constructor(private readonly pool: pg.Pool, private readonly idleMinutes: number, readonly maxDays = 30) {
    this.lookups = new LookupBatcher<string, SessionRow>(async (idHashes) => {
      // Named (prepared): planned once per connection.
      const { rows } = await this.pool.query<SessionRow & { id_hash: string }>({ name: 'session_resolve', text: RESOLVE_SQL, values: [idHashes, this.maxDays] });
      return new Map(rows.map((r) => [r.id_hash, r]));
    });
  }

  async create(userId: number, userAgent: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.pool.query(
      `INSERT INTO sessions (id_hash, user_id, expires_at, user_agent)
       VALUES ($1, $2, now() + least(make_interval(mins => $3), make_interval(days => $5)), $4)`,
      [hashToken(token), userId, this.idleMinutes, userAgent.slice(0, 300), this.maxDays],
    );
    return token;
  }

  async destroy(token: string): Promise<void> {
    await this.pool.query('DELETE FROM sessions WHERE id_hash = $1', [hashToken(token)]);
  }

  async destroyAllFor(userId: number): Promise<number> {
    return (await this.pool.query('DELETE FROM sessions WHERE user_id = $1', [userId])).rowCount ?? 0;
  }

  /**
   * Resolves a session in one cheap primary-key lookup that also reads the person's caller_version
   * and the configuration version; the derived part (roles, teams, flags) comes from memory when
   * both versions still match, else from a second query (CallerCache). Sliding expiry is written at
   * most once a minute per session, so a busy client does not turn every read into a write.
   */
  async resolve(token: string): Promise<SessionUser | undefined> {
    if (!WELL_FORMED_TOKEN.test(token)) return undefined;
    const idHash = hashToken(token);
    const row = await this.lookups.get(idHash);
    if (!row) return undefined;
    if (row.stale) {
      void this.pool.query(
        `UPDATE sessions SET last_seen_at = now(),
           expires_at = least(now() + make_interval(mins => $2), created_at + make_interval(days => $3))
         WHERE id_hash = $1`,
        [idHash, this.idleMinutes, this.maxDays],
      ).catch(() => undefined);
    }
    const details = this.callers.get(row.id, row.caller_version, row.config_version) ?? await this.loadCaller(row);
    return { id: row.id, email: row.email, fullName: row.full_name, ...details, configVersion: row.config_version };
  }

  private async loadCaller(row: SessionRow): Promise<CallerDetails> {
    const { rows } = await this.pool.query<CallerRow>({ name: 'caller_details', text: CALLER_SQL, values: [row.id] });
    const r = rows[0];
    // The person vanished between the two queries: no roles, no teams (the next request gets a 401).
    if (!r) return { teamIds: [], caller: { roles: [], roomApprover: false, siteLvlAdmin: false } };
    const details = { teamIds: r.team_ids, caller: { roles: r.roles as RoleName[], roomApprover: r.room_approver, siteLvlAdmin: r.site_lvl_admin } };
    // Keyed by the versions read with the session: anything changed since only makes the entry unused.
    this.callers.set(row.id, row.caller_version, row.config_version, details);
    return details;
  }

  async purgeExpired(): Promise<number> {
    return (await this.pool.query(
      'DELETE FROM sessions WHERE expires_at < now() OR created_at < now() - make_interval(days => $1)', [this.maxDays])).rowCount ?? 0;
  }
}

interface SessionRow { id: number; email: string; full_name: string; stale: boolean; caller_version: number; config_version: number }
interface CallerRow { roles: string[]; team_ids: number[]; room_approver: boolean; site_lvl_admin: boolean }

/** The derived flags (SPEC 6): listed as room admin (access type 1) of a live room or location, or as resource admin (0) of a live site. */
export const CALLER_FLAGS_SQL = `
  EXISTS (SELECT 1 FROM access_grants g
          LEFT JOIN rooms r ON g.scope = 'room' AND r.id = g.scope_id AND r.deleted_at IS NULL
          LEFT JOIN locations l ON g.scope = 'location' AND l.id = g.scope_id AND l.deleted_at IS NULL
          WHERE g.access_type = 1 AND (r.id IS NOT NULL OR l.id IS NOT NULL)
            AND (g.user_id = u.id OR g.team_id IN (SELECT team_id FROM team_members WHERE user_id = u.id))) AS room_approver,
  EXISTS (SELECT 1 FROM access_grants g JOIN sites s ON g.scope = 'site' AND s.id = g.scope_id AND s.deleted_at IS NULL
          WHERE g.access_type = 0
            AND (g.user_id = u.id OR g.team_id IN (SELECT team_id FROM team_members WHERE user_id = u.id))) AS site_lvl_admin`;


/** The sessions of several cookies at once (LookupBatcher): each row says whose hash it is. */
export const RESOLVE_SQL = `
  SELECT s.id_hash, u.id, u.email, u.full_name, u.caller_version,
    s.last_seen_at < now() - interval '1 minute' AS stale,
    (SELECT version FROM config_version) AS config_version
  FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.id_hash = ANY($1::text[]) AND s.expires_at > now() AND s.created_at > now() - make_interval(days => $2::int)`;

const CALLER_SQL = `
  SELECT
    coalesce((SELECT array_agg(r.name ORDER BY r.id) FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id), '{}') AS roles,
    coalesce((SELECT array_agg(tm.team_id ORDER BY tm.team_id) FROM team_members tm WHERE tm.user_id = u.id), '{}') AS team_ids,
    ${CALLER_FLAGS_SQL}
  FROM users u WHERE u.id = $1`;
