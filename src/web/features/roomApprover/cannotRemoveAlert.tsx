import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { CANNOT_REMOVE_SELF } from './selfRemoval.js';

/** The alert a room approver sees when an edit would remove them from the room's approvers. */
export function showCannotRemoveSelf(message: string = CANNOT_REMOVE_SELF): void {
  const id: string = modals.open({
    title: 'You cannot remove yourself',
    children: (
      <Stack>
        <Text role="alert">{message}</Text>
        <Group justify="flex-end"><Button onClick={() => modals.close(id)} data-autofocus>OK</Button></Group>
      </Stack>
    ),
  });
}
