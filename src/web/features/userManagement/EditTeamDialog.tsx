import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { OIDC_GROUP_MAX, OIDC_GROUP_MESSAGES, type AdminTeam } from '../../../domain/wire/admin.js';
import { ApiError } from '../../app/api.js';
import { updateTeam } from './userManagementApi.js';

const serverText = (err: unknown) => (err instanceof ApiError ? err.serverMessage : 'the server cannot be reached');

/**
 * Rename a team and link it to an identity-provider group. The group is what the provider sends in
 * the groups claim (an Entra ID group object id, or a group name); empty = members managed by hand.
 */
export function EditTeamDialog({ team, syncOn, onClose, onSaved }: { team: AdminTeam; syncOn: boolean; onClose: () => void; onSaved: () => void }) {
  const [name, setName] = useState(team.Name);
  const [group, setGroup] = useState(team.OidcGroup ?? '');
  const nameError = name.trim() === '' ? 'Team name is mandatory' : undefined;
  const groupError = group.trim().length > OIDC_GROUP_MAX ? OIDC_GROUP_MESSAGES.tooLong : undefined;
  const save = useMutation({
    mutationFn: () => updateTeam(team.Id, { Name: name.trim(), OidcGroup: group.trim() === '' ? null : group.trim() }),
    onSuccess: () => { onSaved(); onClose(); },
  });
  return (
    <Modal opened onClose={onClose} title={`Edit team ${team.Name}`} centered>
      <form onSubmit={(e) => { e.preventDefault(); if (!nameError && !groupError) save.mutate(); }}>
        <Stack>
          <TextInput label="Team name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={nameError} data-autofocus />
          <TextInput
            label="Identity provider group"
            description={`The group as your identity provider sends it: in Entra ID the group's Object ID. Members are then added and removed at each sign-in${syncOn ? '' : ' (once group sync is configured)'}. Leave empty to manage members here.`}
            value={group}
            onChange={(e) => setGroup(e.currentTarget.value)}
            error={groupError}
            maxLength={OIDC_GROUP_MAX + 50}
            spellCheck={false}
            autoComplete="off"
          />
          {save.isError && <Alert color="red" role="alert">Unable to save team: {serverText(save.error)}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" disabled={!!nameError || !!groupError} loading={save.isPending}>Save</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
