import type { DisplayInfo } from '../../../domain/wire/displays.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../http/errors.js';
import { inTransaction } from '../../db/transaction.js';
import { recordAudit } from '../audit/recordAudit.js';
import { countAttempt, DISPLAY_LIMITS } from './displayLimits.js';
import { claimPairing, displaysOf, revokeDisplayOf } from './displays.repo.js';
import { boardSite } from './lobbyBoard.repo.js';
import { CODE_NOT_FOUND } from './pairing.service.js';

/**
 * Lobby boards in a site's settings (issue 24): the door displays' pairing, listing and revoking, with
 * the site as the display's target. Only Admins reach these routes (the guard: they edit sites); a
 * site that does not exist (or was deleted) is 404. Pairing and revoking are audited like a door
 * display's, with the site in the entry.
 */
async function liveSite(deps: AppDeps, siteId: number): Promise<void> {
  if (!(await boardSite(deps.pool, siteId))) throw notFound('The site');
}

export async function pairBoard(deps: AppDeps, user: SessionUser, siteId: number, code: string): Promise<DisplayInfo[]> {
  await liveSite(deps, siteId);
  await countAttempt(deps.pool, `entry:${user.id}`, DISPLAY_LIMITS.entriesPerAdmin);
  const id = await inTransaction(deps.pool, async (client) => {
    const claimed = await claimPairing(client, { code, siteId, userId: user.id, now: deps.now() });
    if (claimed !== undefined) await recordAudit(client, { actor: user, action: 'display.pair', target: { type: 'display', id: claimed }, after: { SiteId: siteId } });
    return claimed;
  });
  if (id === undefined) throw new AppError('NOT_FOUND', CODE_NOT_FOUND, { Code: CODE_NOT_FOUND });
  return displaysOf(deps.pool, { siteId });
}

export async function listBoards(deps: AppDeps, siteId: number): Promise<DisplayInfo[]> {
  await liveSite(deps, siteId);
  return displaysOf(deps.pool, { siteId });
}

export async function removeBoard(deps: AppDeps, user: SessionUser, siteId: number, displayId: number): Promise<DisplayInfo[]> {
  await liveSite(deps, siteId);
  const revoked = await inTransaction(deps.pool, async (client) => {
    const done = await revokeDisplayOf(client, { siteId }, displayId, deps.now());
    if (done) await recordAudit(client, { actor: user, action: 'display.unpair', target: { type: 'display', id: displayId }, before: { SiteId: siteId } });
    return done;
  });
  if (!revoked) throw notFound('The display');
  return displaysOf(deps.pool, { siteId });
}
