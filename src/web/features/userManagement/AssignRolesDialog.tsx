import { Alert, Button, Checkbox, Group, Loader, Modal, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { PersonRef } from '../../../domain/wire/people.js';
import { ApiError } from '../../app/api.js';
import { useLoadedSettings } from '../../app/useLoadedSettings.js';
import { SETTINGS_QUERY_KEY } from '../../app/useSettings.js';
import {
  listRoles, personRolesKey, personSso, personSsoKey, personWithRoles, ROLES_FETCH_FAILED, ROLES_KEY, ROLES_SAVE_FAILED, saveRoles, setPersonSso, SSO_SAVE_FAILED,
} from './userManagementApi.js';

/** Saving the single sign-on mark failed (the roles were then not saved either). */
class SsoSaveFailed extends Error {}

/**
 * Assign Roles (SPEC 2.9): tick the person's roles and save them (POST /api/users/{email}/roles). The
 * person's single sign-on mark (issue 18) is edited here too, and saved first when changed.
 */
export function AssignRolesDialog({ person, onClose }: { person: PersonRef; onClose: () => void }) {
  const { settings } = useLoadedSettings();
  const queryClient = useQueryClient();
  const roles = useQuery({ queryKey: ROLES_KEY, queryFn: listRoles, staleTime: 5 * 60_000 });
  const current = useQuery({ queryKey: personRolesKey(person.Email), queryFn: () => personWithRoles(person.Email) });
  const [chosen, setChosen] = useState<string[] | null>(null);
  useEffect(() => {
    if (current.data && chosen === null) setChosen(current.data.Roles.map((r) => String(r.Id)));
  }, [current.data, chosen]);
  const sso = useQuery({ queryKey: personSsoKey(person.Id), queryFn: () => personSso(person.Id) });
  const [expectsSso, setExpectsSso] = useState<boolean | null>(null);
  const ssoValue = expectsSso ?? sso.data?.ExpectsSso ?? false;

  const save = useMutation({
    mutationFn: async (ids: number[]) => {
      if (sso.data && expectsSso !== null && expectsSso !== sso.data.ExpectsSso) {
        try {
          queryClient.setQueryData(personSsoKey(person.Id), await setPersonSso(person.Id, expectsSso));
        } catch (err) {
          throw new SsoSaveFailed(SSO_SAVE_FAILED, { cause: err });
        }
      }
      return saveRoles(person.Email, ids);
    },
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
        <Switch
          label="Expects single sign-on"
          description={sso.data?.Linked
            ? 'Already signs in with the organisation\'s identity provider.'
            : 'When on, their first sign-in with the organisation\'s identity provider is linked to this account (only with an address the provider has verified), even if the account has a password or the Admin role.'}
          checked={ssoValue}
          disabled={!sso.data}
          onChange={(e) => setExpectsSso(e.currentTarget.checked)}
        />
        {sso.isError && <Alert color="red" role="alert">Unable to fetch the single sign-on setting</Alert>}
        {save.isError && save.error instanceof SsoSaveFailed && <Alert color="red" role="alert">{SSO_SAVE_FAILED}</Alert>}
        {save.isError && !(save.error instanceof SsoSaveFailed) && (
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
