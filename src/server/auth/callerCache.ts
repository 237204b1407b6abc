import type { Caller } from '../../domain/permissions.js';

/** What a session lookup derives for a person: the slow part of it, worth keeping in memory. */
export interface CallerDetails { teamIds: number[]; caller: Caller }

/** Above this many people, the cache starts again: a crude bound that keeps memory flat. */
const MAX_PEOPLE = 20_000;

/**
 * The derived part of sessions (roles, teams, the two flags), per person, valid only for the exact
 * (caller_version, config_version) pair it was read at. Both versions come with every session
 * lookup, so an entry is never used after anything it depends on changed, on any instance
 * (migrations 0008 and 0009); there is nothing to invalidate by message and nothing to expire.
 */
export class CallerCache {
  private readonly entries = new Map<number, { callerVersion: number; configVersion: number; details: CallerDetails }>();

  get(userId: number, callerVersion: number, configVersion: number): CallerDetails | undefined {
    const e = this.entries.get(userId);
    return e && e.callerVersion === callerVersion && e.configVersion === configVersion ? e.details : undefined;
  }

  set(userId: number, callerVersion: number, configVersion: number, details: CallerDetails): void {
    if (this.entries.size >= MAX_PEOPLE && !this.entries.has(userId)) this.entries.clear();
    this.entries.set(userId, { callerVersion, configVersion, details });
  }
}
