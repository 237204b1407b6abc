import { Alert, Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { PersonRef } from '../../../domain/wire/people.js';
import { ApiError } from '../../app/api.js';
import { erasePerson } from './userManagementApi.js';

/**
 * Erase a person (issue 25): the admin types the person's e-mail to confirm, because this cannot be
 * undone. The server checks the same (Confirm); the button stays off until the typed address matches.
 */
export function ErasePersonDialog({ person, onClose }: { person: PersonRef; onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const queryClient = useQueryClient();
  const matches = typed.trim().toLowerCase() === person.Email.toLowerCase();
  const erase = useMutation({
    mutationFn: () => erasePerson(person.Id, typed.trim()),
    onSuccess: async (r) => {
      notifications.show({
        color: 'green', title: 'Person erased',
        message: `${person.Email} was erased: ${r.Erased.FutureBookingsCancelled} future booking(s) cancelled, ${r.Erased.BookingsAnonymised} booking(s) anonymised, ${r.Erased.Sessions} session(s) ended.`,
      });
      await queryClient.invalidateQueries({ queryKey: ['people'] });
      onClose();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (matches && !erase.isPending) erase.mutate();
  };
  return (
    <Modal opened onClose={onClose} title={`Erase ${person.FullName || person.Email}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">This cannot be undone. Erasing this person:</Text>
          <List size="sm" spacing={4}>
            <List.Item>cancels their future bookings (reason &ldquo;Account erased&rdquo;);</List.Item>
            <List.Item>keeps their past bookings for counts, without their name, e-mail or descriptions (&ldquo;Former member&rdquo;);</List.Item>
            <List.Item>ends their sessions and deletes their roles, teams, tags, favourite desks, subscriptions and queued e-mail.</List.Item>
          </List>
          <TextInput label="Type their e-mail address to confirm" description={person.Email} value={typed} data-autofocus
            onChange={(e) => setTyped(e.currentTarget.value)} autoComplete="off" spellCheck={false} />
          {erase.isError && (
            <Alert color="red" role="alert">Not erased: {erase.error instanceof ApiError ? erase.error.serverMessage : 'the server cannot be reached.'}</Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" color="red" disabled={!matches} loading={erase.isPending}>Erase person</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
