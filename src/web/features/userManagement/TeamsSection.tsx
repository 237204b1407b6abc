import { Alert, Button, Group, Loader, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import type { AdminTeam } from '../../../domain/wire/admin.js';
import type { PersonRef } from '../../../domain/wire/people.js';
import { ApiError } from '../../app/api.js';
import { useLoadedSettings } from '../../app/useLoadedSettings.js';
import { SETTINGS_QUERY_KEY } from '../../app/useSettings.js';
import { NO_TEAMS_FOUND, PersonPicker } from '../restrictions/index.js';
import { EditTeamDialog } from './EditTeamDialog.js';
import { GroupSyncNote } from './GroupSyncNote.js';
import { createTeam, deleteTeam, setTeamMembers, TEAM_GROUP_SYNC_KEY, teamGroupSync, teamMembers, teamMembersKey } from './userManagementApi.js';


const TEAMS_KEY = ['teams'] as const;
const serverText = (err: unknown) => (err instanceof ApiError ? err.serverMessage : 'the server cannot be reached');

/** Teams: create, rename, link to an identity-provider group, delete and manage members (admins). */
export function TeamsSection() {
  const queryClient = useQueryClient();
  // The admin list carries each team's group and the sync settings; GET /api/teams (everyone's) does not.
  const sync = useQuery({ queryKey: TEAM_GROUP_SYNC_KEY, queryFn: teamGroupSync });
  const [filter, setFilter] = useState('');
  const [newName, setNewName] = useState('');
  const [editing, setEditing] = useState<AdminTeam | null>(null);
  const [members, setMembers] = useState<AdminTeam | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: TEAMS_KEY });

  const create = useMutation({
    mutationFn: (name: string) => createTeam(name),
    onSuccess: async (t) => { setNewName(''); await refresh(); notifications.show({ color: 'green', title: 'Team created', message: t.Name }); },
  });
  const askDelete = (t: AdminTeam) => modals.openConfirmModal({
    title: `Delete team ${t.Name}`,
    children: <Text size="sm">Members lose what the team gave them (access lists naming it). Are you sure?</Text>,
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: async () => {
      try {
        await deleteTeam(t.Id);
        await refresh();
        await queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY });
      } catch (err) {
        notifications.show({ color: 'red', title: 'Not deleted', message: `Unable to delete team: ${serverText(err)}` });
      }
    },
  });

  const shown = (sync.data?.Teams ?? []).filter((t) => t.Name.toLowerCase().includes(filter.trim().toLowerCase()));
  const submitNew = (e: FormEvent) => { e.preventDefault(); if (newName.trim()) create.mutate(newName.trim()); };

  return (
    <Stack>
      <Group align="flex-end" wrap="wrap" justify="space-between">
        <TextInput label="Find a team" value={filter} onChange={(e) => setFilter(e.currentTarget.value)} w={{ base: '100%', sm: 300 }} />
        <form onSubmit={submitNew}>
          <Group align="flex-end" gap="xs">
            <TextInput label="New team name" value={newName} onChange={(e) => setNewName(e.currentTarget.value)} />
            <Button type="submit" disabled={newName.trim() === ''} loading={create.isPending}>Create team</Button>
          </Group>
        </form>
      </Group>
      {sync.data && <GroupSyncNote sync={sync.data} />}
      {create.isError && <Alert color="red" role="alert">Unable to create team: {serverText(create.error)}</Alert>}
      {sync.isPending && <Loader size="sm" aria-label="Loading teams" />}
      {sync.isError && <Alert color="red" role="alert">Unable to load teams: {serverText(sync.error)}</Alert>}
      {sync.data && shown.length === 0 && <Text>{NO_TEAMS_FOUND}</Text>}
      {shown.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table striped>
            <Table.Caption>Teams</Table.Caption>
            <Table.Thead><Table.Tr><Table.Th>Team</Table.Th><Table.Th>Identity provider group</Table.Th><Table.Th>Actions</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {shown.map((t) => (
                <Table.Tr key={t.Id}>
                  <Table.Td>{t.Name}</Table.Td>
                  <Table.Td>{t.OidcGroup ? <Text component="span" size="sm" ff="monospace">{t.OidcGroup}</Text> : <Text component="span" size="sm" c="dimmed">None (managed here)</Text>}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" onClick={() => setMembers(t)} aria-label={`Members of ${t.Name}`}>Members</Button>
                      <Button size="xs" variant="light" onClick={() => setEditing(t)} aria-label={`Edit ${t.Name}`}>Edit</Button>
                      <Button size="xs" variant="subtle" color="red" onClick={() => askDelete(t)} aria-label={`Delete ${t.Name}`}>Delete</Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && <EditTeamDialog team={editing} syncOn={!!sync.data?.GroupsClaim} onClose={() => setEditing(null)} onSaved={refresh} />}
      {members && <TeamMembersDialog team={members} onClose={() => setMembers(null)} />}
    </Stack>
  );
}

function TeamMembersDialog({ team, onClose }: { team: AdminTeam; onClose: () => void }) {
  const { settings } = useLoadedSettings();
  const queryClient = useQueryClient();
  const loaded = useQuery({ queryKey: teamMembersKey(team.Id), queryFn: () => teamMembers(team.Id) });
  const [people, setPeople] = useState<PersonRef[] | null>(null);
  useEffect(() => { if (loaded.data && people === null) setPeople(loaded.data.Members); }, [loaded.data, people]);
  const save = useMutation({
    mutationFn: (list: PersonRef[]) => setTeamMembers(team.Id, list.map((p) => p.Id)),
    onSuccess: async (saved) => {
      queryClient.setQueryData(teamMembersKey(team.Id), saved);
      const me = settings.Profile.Id;
      // The current user joining or leaving changes their own profile (and what they may do).
      if (saved.Members.some((m) => m.Id === me) || loaded.data?.Members.some((m) => m.Id === me)) {
        await queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY });
      }
      notifications.show({ color: 'green', title: 'Members saved', message: `${saved.Members.length} member(s) in ${team.Name}.` });
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title={`Members of ${team.Name}`} centered size="lg">
      <Stack>
        {team.OidcGroup && (
          <Text size="sm">
            Linked to the group &lsquo;{team.OidcGroup}&rsquo;: each person&rsquo;s next sign-in with the identity provider adds or removes them
            by their groups, replacing changes made here.
          </Text>
        )}
        {loaded.isPending && <Loader size="xs" aria-label="Loading members" />}
        {loaded.isError && <Alert color="red" role="alert">Unable to load members: {serverText(loaded.error)}</Alert>}
        {people && <PersonPicker label="Members" value={people} onChange={setPeople} />}
        {save.isError && <Alert color="red" role="alert">Unable to save members: {serverText(save.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={() => people && save.mutate(people)} loading={save.isPending} disabled={!people}>Save</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
