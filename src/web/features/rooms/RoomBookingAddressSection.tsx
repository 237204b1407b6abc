import { Alert, Button, Code, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { LoadingState } from '../../app/shell/LoadingState.js';
import { fieldErrorsOf, reasonOf, withReason } from '../sites/errorText.js';
import { getRoomBookingAddress, putRoomBookingAddress, roomBookingAddressKey } from './roomBookingAddressApi.js';

/**
 * The room's booking address in its settings (admins; issue 23): people book the room by inviting
 * this address to a meeting from Outlook, Google Calendar or Apple Calendar, and the room answers.
 * An admin may set one; without it the configured pattern gives one from the room's name.
 */
export function RoomBookingAddressSection({ roomId }: { roomId: number }) {
  const queryClient = useQueryClient();
  const key = roomBookingAddressKey(roomId);
  const current = useQuery({ queryKey: key, queryFn: () => getRoomBookingAddress(roomId) });
  const [draft, setDraft] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (address: string | null) => putRoomBookingAddress(roomId, address),
    onSuccess: (saved) => { queryClient.setQueryData(key, saved); setDraft(null); },
  });
  const value = draft ?? current.data?.Address ?? '';
  const fieldError = save.error ? (fieldErrorsOf(save.error).Address ?? reasonOf(save.error) ?? undefined) : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(value.trim() === '' ? null : value.trim());
  };

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} mt="md" component="section" aria-labelledby="room-booking-address-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="room-booking-address-heading">Booking by invitation</Title>
        <Text size="sm">
          People book this room by inviting its booking address to a meeting in Outlook, Google Calendar or Apple Calendar.
          The room accepts, declines with the reason, or answers tentatively while a request waits for approval, under
          the same rules as booking on this site.
        </Text>
        {current.error && (
          <Alert color="red" role="alert" title="Unable to load the booking address">
            <Group justify="space-between" gap="xs">
              <Text size="sm">{withReason('The server answered', current.error)}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void current.refetch()} loading={current.isFetching}>Try again</Button>
            </Group>
          </Alert>
        )}
        {current.isPending ? <LoadingState what="the booking address" size="sm" minHeight={36} /> : current.data && (
          <>
            {!current.data.ListenerOn && (
              <Alert color="blue" title="Receiving invitations is off">
                This server does not receive mail yet (INBOUND_SMTP_PORT is not set), so no address books the room until it does.
              </Alert>
            )}
            <Text size="sm" c="gray.7">
              {current.data.Effective
                ? <>This room answers to <Code>{current.data.Effective}</Code>{current.data.Address ? '.' : ' (from the address pattern).'}</>
                : 'This room has no booking address: set one below.'}
            </Text>
            <form onSubmit={submit} noValidate>
              <Group align="flex-start" wrap="wrap" gap="xs">
                <TextInput
                  label="Booking address"
                  description={current.data.Derived ? `Leave empty to use ${current.data.Derived}.` : 'An address your mail system delivers to Hotdesk.'}
                  placeholder={current.data.Derived ?? 'room-name@book.example.org'}
                  type="email"
                  autoComplete="off"
                  value={value}
                  onChange={(e) => setDraft(e.currentTarget.value)}
                  aria-invalid={fieldError ? true : undefined}
                  aria-describedby={fieldError ? 'room-booking-address-error' : undefined}
                  style={{ flex: 1, minWidth: 220 }}
                />
                <Button type="submit" mt={{ base: 0, xs: 'xl' }} loading={save.isPending}>Save address</Button>
              </Group>
            </form>
            {/* Under the field rather than Mantine's red error text, whose red is too faint on white (axe). */}
            {fieldError && <Alert color="red" role="alert" id="room-booking-address-error">{fieldError}</Alert>}
            {save.isSuccess && <Text size="sm" role="status">Booking address saved.</Text>}
          </>
        )}
      </Stack>
    </Paper>
  );
}
