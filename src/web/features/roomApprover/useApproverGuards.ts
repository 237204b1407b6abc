import { useLoadedSettings } from '../../app/useLoadedSettings.js';
import type { ApproverGuards } from '../rooms/index.js';
import { showCannotRemoveSelf } from './cannotRemoveAlert.js';
import { removesMe, type Me } from './selfRemoval.js';

/** Guards for the approver's room form: each refused change shows the alert and is not applied. */
export function useApproverGuards(): ApproverGuards {
  const { settings } = useLoadedSettings();
  const me: Me = { id: settings.Profile.Id, teamIds: settings.Profile.Teams.map((t) => t.Id) };
  const allow = (refused: boolean) => {
    if (refused) showCannotRemoveSelf();
    return !refused;
  };
  return {
    beforeRemoveUser: (p, current) => allow(removesMe(current, { ...current, users: current.users.filter((u) => u.Id !== p.Id) }, me)),
    beforeRemoveTeam: (t, current) => allow(removesMe(current, { ...current, teams: current.teams.filter((x) => x.Id !== t.Id) }, me)),
    beforeTurnOff: (current) => allow(removesMe(current, { restricted: false, users: [], teams: [] }, me)),
  };
}
