import { Alert, Anchor, Button, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isLongEnoughSearch, PEOPLE_SEARCH_MIN } from '../../../domain/orgAccess.js';
import type { PersonRef } from '../../../domain/wire/people.js';
import { ApiError } from '../../app/api.js';
import { NO_PEOPLE_FOUND } from '../restrictions/index.js';
import { AssignRolesDialog } from './AssignRolesDialog.js';
import { ErasePersonDialog } from './ErasePersonDialog.js';
import { PersonTagsDialog } from './PersonTagsDialog.js';
import { PreRegisterDialog } from './PreRegisterDialog.js';
import { ADMINS_EXPORT_URL, PEOPLE_SEARCH_DEBOUNCE_MS, searchPeople, signOutEverywhere } from './userManagementApi.js';

type Dialog = { kind: 'roles' | 'tags' | 'erase'; person: PersonRef } | { kind: 'new' } | null;

/** Manage Users (SPEC 2.9): find people, assign roles, tag them, pre-register, export admins, end sessions. */
export function PeopleSection() {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), PEOPLE_SEARCH_DEBOUNCE_MS);
  const [dialog, setDialog] = useState<Dialog>(null);
  const ready = isLongEnoughSearch(debounced);
  const results = useQuery({ queryKey: ['people', 'search', debounced], queryFn: () => searchPeople(debounced), enabled: ready });
  const settling = debounced !== text.trim();

  const askSignOut = (p: PersonRef) => modals.openConfirmModal({
    title: 'Sign out everywhere',
    children: <Text size="sm">{`End every session of ${p.FullName || p.Email}? They will have to sign in again on every device. Are you sure?`}</Text>,
    labels: { confirm: 'Sign out everywhere', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: async () => {
      try {
        const r = await signOutEverywhere(p.Id);
        notifications.show({ color: 'green', title: 'Signed out', message: `${r.SessionsEnded} session(s) ended for ${p.FullName || p.Email}.` });
      } catch (err) {
        notifications.show({ color: 'red', title: 'Not signed out', message: err instanceof ApiError ? err.serverMessage : 'The server cannot be reached.' });
      }
    },
  });

  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <TextInput label="Search people" description={`Name or e-mail, at least ${PEOPLE_SEARCH_MIN} characters`} value={text}
          onChange={(e) => setText(e.currentTarget.value)} w={{ base: '100%', sm: 360 }} rightSection={results.isFetching ? <Loader size="xs" /> : null} />
        <Group gap="sm">
          <Button variant="light" onClick={() => setDialog({ kind: 'new' })}>Pre-register a person</Button>
          <Button component="a" variant="default" href={ADMINS_EXPORT_URL} download="admins.csv">Export admins (CSV)</Button>
        </Group>
      </Group>
      <div aria-live="polite">
        {ready && !settling && results.isError && <Alert color="red" role="alert">Unable to search people: {results.error instanceof ApiError ? results.error.serverMessage : 'the server cannot be reached'}</Alert>}
        {ready && !settling && results.data?.length === 0 && <Text>{NO_PEOPLE_FOUND}</Text>}
      </div>
      {ready && results.data && results.data.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover>
            <Table.Caption>People matching “{debounced}”</Table.Caption>
            <Table.Thead><Table.Tr><Table.Th>Name</Table.Th><Table.Th>E-mail</Table.Th><Table.Th>Actions</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {results.data.map((p) => (
                <Table.Tr key={p.Id}>
                  <Table.Td>{p.FullName}</Table.Td>
                  <Table.Td><Anchor href={`mailto:${p.Email}`} size="sm">{p.Email}</Anchor></Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" onClick={() => setDialog({ kind: 'roles', person: p })} aria-label={`Assign roles to ${p.FullName || p.Email}`}>Roles</Button>
                      <Button size="xs" variant="light" onClick={() => setDialog({ kind: 'tags', person: p })} aria-label={`Tags of ${p.FullName || p.Email}`}>Tags</Button>
                      <Button size="xs" variant="subtle" color="red" onClick={() => askSignOut(p)} aria-label={`Sign out ${p.FullName || p.Email} everywhere`}>Sign out</Button>
                      <Button size="xs" variant="subtle" color="red" onClick={() => setDialog({ kind: 'erase', person: p })} aria-label={`Erase ${p.FullName || p.Email}`}>Erase…</Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {dialog?.kind === 'roles' && <AssignRolesDialog person={dialog.person} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'tags' && <PersonTagsDialog person={dialog.person} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'erase' && <ErasePersonDialog person={dialog.person} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'new' && (
        <PreRegisterDialog onClose={() => setDialog(null)} onCreated={(p) => { setText(p.Email); setDialog({ kind: 'roles', person: p }); }} />
      )}
    </Stack>
  );
}
