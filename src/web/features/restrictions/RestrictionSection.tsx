import { Fieldset, Stack, Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { PersonRef, TeamRef } from '../../../domain/wire/people.js';
import { PersonPicker } from './PersonPicker.js';
import { TURN_OFF_WARNING, type RestrictionKind } from './restrictionText.js';
import { TeamPicker } from './TeamPicker.js';

export interface RestrictionValue {
  restricted: boolean;
  users: PersonRef[];
  teams: TeamRef[];
}

const WORDING: Record<RestrictionKind, { legend: string; toggle: string; users: string; teams: string; help: string }> = {
  room: {
    legend: 'Room booking restriction',
    toggle: 'Restrict room access',
    users: 'Room admins (people)',
    teams: 'Room admin teams',
    help: 'Room admins book directly and approve the requests of everyone else.',
  },
  desk: {
    legend: 'Desk booking restriction',
    toggle: 'Restrict desk access',
    users: 'People who may book desks',
    teams: 'Teams who may book desks',
    help: 'Only the people and teams listed may book desks here.',
  },
};

/**
 * A restriction toggle with its people and teams. Turning it off asks first (SPEC 5's exact text)
 * and empties both lists, as the server does: a list without its restriction would silently come
 * back to life the next time the restriction is switched on.
 */
export function RestrictionSection({ kind, value, onChange, beforeRemoveUser, beforeRemoveTeam, beforeTurnOff, help }: {
  kind: RestrictionKind;
  value: RestrictionValue;
  onChange: (next: RestrictionValue) => void;
  beforeRemoveUser?: (p: PersonRef) => boolean;
  beforeRemoveTeam?: (t: TeamRef) => boolean;
  /** Return false to keep the restriction on (the guard explains why). */
  beforeTurnOff?: () => boolean;
  help?: string;
}) {
  const words = WORDING[kind];

  const toggle = (on: boolean) => {
    if (on) return onChange({ ...value, restricted: true });
    if (beforeTurnOff && !beforeTurnOff()) return;
    modals.openConfirmModal({
      title: 'Remove restrictions?',
      children: <Text>{TURN_OFF_WARNING[kind]}</Text>,
      labels: { confirm: 'Remove restrictions', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => onChange({ restricted: false, users: [], teams: [] }),
    });
  };

  return (
    <Fieldset legend={words.legend}>
      <Stack gap="sm">
        <Switch label={words.toggle} description={help ?? words.help} checked={value.restricted}
          onChange={(e) => toggle(e.currentTarget.checked)} />
        {value.restricted && (
          <>
            <PersonPicker label={words.users} value={value.users} beforeRemove={beforeRemoveUser}
              onChange={(users) => onChange({ ...value, users })} />
            <TeamPicker label={words.teams} value={value.teams} beforeRemove={beforeRemoveTeam}
              onChange={(teams) => onChange({ ...value, teams })} />
          </>
        )}
      </Stack>
    </Fieldset>
  );
}
