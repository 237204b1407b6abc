import { Alert, Button, Checkbox, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { PersonRef } from '../../../domain/wire/people.js';
import { ApiError } from '../../app/api.js';
import { useLoadedSettings } from '../../app/useLoadedSettings.js';
import { SETTINGS_QUERY_KEY } from '../../app/useSettings.js';
import { listRoles, personRolesKey, personWithRoles, ROLES_FETCH_FAILED, ROLES_KEY, ROLES_SAVE_FAILED, saveRoles } from './userManagementApi.js';

/** Assign Roles (SPEC 2.9): tick the person's roles and save them (POST /api/users/{email}/roles). */
export function AssignRolesDialog({ person, onClose }: { person: PersonRef; onClose: () => void }) {
  const { settings } = useLoadedSettings();
  const queryClient = useQueryClient();
  const roles = useQuery({ queryKey: ROLES_KEY, queryFn: listRoles, staleTime: 5 * 60_000 });
  const current = useQuery({ queryKey: personRolesKey(person.Email), queryFn: () => personWithRoles(person.Email) });
  const [chosen, setChosen] = useState<string[] | null>(null);
  useEffect(() => {
    if (current.data && chosen === null) setChosen(current.data.Roles.map((r) => String(r.Id)));
  }, [current.data, chosen]);

  const save = useMutation({
    mutationFn: (ids: number[]) => saveRoles(person.Email, ids),
    onSuccess: async (profile) => {
      queryClient.setQueryData(personRolesKey(person.Email), profile);
      // SPEC 6: after saving roles that include the current user, their profile is refreshed.
      if (profile.Id === settings.Profile.Id) await queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY });
      notifications.show({ color: 'green', title: 'Roles saved', message: `Roles saved for ${person.FullName || person.Email}.` });
      onClose();
    },
    onError: (err) => console.error('Saving roles failed', err),
  });

  const failedToLoad = roles.isError || current.isError;
  return (
    <Modal opened onClose={onClose} title={`Assign Roles: ${person.FullName || person.Email}`} centered>
      <Stack>
        {failedToLoad && <Alert color="red" role="alert">{ROLES_FETCH_FAILED}</Alert>}
        {(roles.isPending || current.isPending) && !failedToLoad && <Group gap="xs"><Loader size="xs" /><Text size="sm">Loading roles…</Text></Group>}
        {roles.data && chosen && (
          <Checkbox.Group label="Roles" value={chosen} onChange={setChosen}>
            <Stack gap="xs" mt="xs">
              {roles.data.map((r) => <Checkbox key={r.Id} value={String(r.Id)} label={r.Name} />)}
            </Stack>
          </Checkbox.Group>
        )}
        {save.isError && (
          <Alert color="red" role="alert">
            {ROLES_SAVE_FAILED}
            {save.error instanceof ApiError && save.error.status === 409 && <Text size="sm" mt={4}>{save.error.serverMessage}</Text>}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={() => chosen && save.mutate(chosen.map(Number))} loading={save.isPending} disabled={!chosen || failedToLoad}>Save</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
