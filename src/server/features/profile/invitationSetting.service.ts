import type { CalendarInvitations } from '../../../domain/ical/invitationSetting.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { countRead } from '../../http/perPersonLimit.js';
import { readInvitationsOn, saveInvitationsOn } from './invitationSetting.repo.js';

/** Changes per person and minute: a switch flipped by hand never comes near; a loop writing the row does. */
export const INVITATION_SETTING_WRITES_PER_MINUTE = 20;

export const invitationSetting = async (deps: AppDeps, user: SessionUser): Promise<CalendarInvitations> =>
  ({ Enabled: await readInvitationsOn(deps.pool, user.id) });

/** Saves the caller's own choice; 429 past INVITATION_SETTING_WRITES_PER_MINUTE in a minute. */
export async function saveInvitationSetting(deps: AppDeps, user: SessionUser, input: CalendarInvitations): Promise<CalendarInvitations> {
  await countRead(deps.pool, 'invitationSetting', user.id, INVITATION_SETTING_WRITES_PER_MINUTE);
  await saveInvitationsOn(deps.pool, user.id, input.Enabled);
  return { Enabled: input.Enabled };
}
