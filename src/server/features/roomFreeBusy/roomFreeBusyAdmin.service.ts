import type { RoomFreeBusyFeed } from '../../../domain/wire/roomFreeBusy.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { hashOfFeedSecret, newFeedSecret } from './feedSecret.js';
import { deleteFeed, feedMadeAt, liveRoom, saveFeedHash } from './roomFreeBusy.repo.js';

/**
 * An admin turns a room's free/busy feed on, rotates it or turns it off (routes: admin only). The
 * secret URLs are in the answer that makes them and never again: only their hash is kept, so an admin
 * who lost the URL rotates (and gives the new URL to whoever reads the old one).
 */
const OFF: RoomFreeBusyFeed = { Enabled: false, Since: null, EventsUrl: null, FreeBusyUrl: null };

/** The two URLs of one secret: busy blocks as events (.ics) and the VFREEBUSY object (.vfb). */
export function feedUrls(origin: string, basePath: string, secret: string): { EventsUrl: string; FreeBusyUrl: string } {
  const base = `${origin}${basePath}/ical/rooms/${secret}`;
  return { EventsUrl: `${base}.ics`, FreeBusyUrl: `${base}.vfb` };
}

async function requireRoom(deps: AppDeps, roomId: number): Promise<void> {
  if (!(await liveRoom(deps.pool, roomId))) throw notFound('The room');
}

export async function roomFeedStatus(deps: AppDeps, roomId: number): Promise<RoomFreeBusyFeed> {
  await requireRoom(deps, roomId);
  const since = await feedMadeAt(deps.pool, roomId);
  return since ? { Enabled: true, Since: since.toISOString(), EventsUrl: null, FreeBusyUrl: null } : OFF;
}

/** Turns the feed on, or rotates it: the old URL answers 404 from this statement on. */
export async function makeRoomFeed(deps: AppDeps, user: SessionUser, roomId: number, origin: string): Promise<RoomFreeBusyFeed> {
  await requireRoom(deps, roomId);
  const secret = newFeedSecret();
  const since = await saveFeedHash(deps.pool, roomId, hashOfFeedSecret(secret), user.id, deps.now());
  return { Enabled: true, Since: since.toISOString(), ...feedUrls(origin, deps.config.basePath, secret) };
}

export async function turnOffRoomFeed(deps: AppDeps, roomId: number): Promise<void> {
  await requireRoom(deps, roomId);
  await deleteFeed(deps.pool, roomId);
}
