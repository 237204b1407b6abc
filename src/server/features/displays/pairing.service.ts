import { PAIRING_MINUTES, type DisplayInfo, type PairingCode } from '../../../domain/wire/displays.js';
import { isAdmin } from '../../../domain/permissions.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { AppError, forbidden, notFound } from '../../http/errors.js';
import { inTransaction } from '../../db/transaction.js';
import { findRoom } from '../rooms/rooms.repo.js';
import { recordAudit } from '../audit/recordAudit.js';
import { countAttempt, DISPLAY_LIMITS } from './displayLimits.js';
import { hashSecret, newPairingCode, newSecret } from './displayTokens.js';
import { claimPairing, collectPairing, displaysOfRoom, insertPairing, purgeStale, revokeDisplay } from './displays.repo.js';

export const CODE_NOT_FOUND = 'No display is showing this code. Check the code on the display, or reload the display for a new one.';

/** POST /api/display/pairing: a new code for the tablet that asked, and the secret only it holds (its cookie). */
export async function startPairing(deps: AppDeps, address: string): Promise<PairingCode & { secret: string }> {
  await countAttempt(deps.pool, `code:${address}`, DISPLAY_LIMITS.codesPerAddress);
  const now = deps.now();
  await purgeStale(deps.pool, now);
  const secret = newSecret();
  const expiresAt = new Date(now.getTime() + PAIRING_MINUTES * 60_000);
  // A clash with a live code is rare (7.8e10 codes); draw again a few times.
  for (let i = 0; i < 5; i++) {
    const code = newPairingCode();
    if (await insertPairing(deps.pool, { code, secretHash: hashSecret(secret), expiresAt, now })) return { Code: code, ExpiresAt: expiresAt.toISOString(), secret };
  }
  throw new AppError('UNAVAILABLE', 'No pairing code is free just now; try again.');
}

/** GET /api/display/pairing: waiting, expired, or paired with the device token the caller must now hold. */
export async function pollPairing(deps: AppDeps, secret: string): Promise<{ status: 'waiting' | 'paired' | 'expired'; token?: string }> {
  const token = newSecret();
  const status = await collectPairing(deps.pool, hashSecret(secret), hashSecret(token), deps.now());
  return status === 'paired' ? { status, token } : { status };
}

/**
 * Who may pair, list and revoke a room's displays: Admins, and the room's own admins (they run its
 * settings and its check-in). Anyone else: 403, also for a room that does not exist (as room edits do).
 */
async function mayManage(deps: AppDeps, user: SessionUser, roomId: number): Promise<void> {
  const room = await findRoom(deps.pool, roomId, user.id);
  const admin = isAdmin(user.caller);
  if (!room) throw admin ? notFound('The room') : forbidden();
  if (!admin && !room.IsRoomAdmin) throw forbidden();
}

export async function pairDisplay(deps: AppDeps, user: SessionUser, roomId: number, code: string): Promise<DisplayInfo[]> {
  await mayManage(deps, user, roomId);
  await countAttempt(deps.pool, `entry:${user.id}`, DISPLAY_LIMITS.entriesPerAdmin);
  // The claim and its audit entry commit together (an admin action: docs/decisions.md, audit log).
  const id = await inTransaction(deps.pool, async (client) => {
    const claimed = await claimPairing(client, { code, roomId, userId: user.id, now: deps.now() });
    if (claimed !== undefined) await recordAudit(client, { actor: user, action: 'display.pair', target: { type: 'display', id: claimed }, after: { RoomId: roomId } });
    return claimed;
  });
  if (id === undefined) throw new AppError('NOT_FOUND', CODE_NOT_FOUND, { Code: CODE_NOT_FOUND });
  return displaysOfRoom(deps.pool, roomId);
}

export async function listDisplays(deps: AppDeps, user: SessionUser, roomId: number): Promise<DisplayInfo[]> {
  await mayManage(deps, user, roomId);
  return displaysOfRoom(deps.pool, roomId);
}

export async function removeDisplay(deps: AppDeps, user: SessionUser, roomId: number, displayId: number): Promise<DisplayInfo[]> {
  await mayManage(deps, user, roomId);
  const revoked = await inTransaction(deps.pool, async (client) => {
    const done = await revokeDisplay(client, roomId, displayId, deps.now());
    if (done) await recordAudit(client, { actor: user, action: 'display.unpair', target: { type: 'display', id: displayId }, before: { RoomId: roomId } });
    return done;
  });
  if (!revoked) throw notFound('The display');
  return displaysOfRoom(deps.pool, roomId);
}
