import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { hasRole, isAdmin } from '../../../domain/permissions.js';
import type { Booking } from '../../../domain/wire/bookings.js';
import { useLoadedSettings } from '../../app/useLoadedSettings.js';
import { cancelBooking, serverText } from './cancellationApi.js';
import { CancellationReasonDialog } from './CancellationReasonDialog.js';
import { cancelModeFor, type CancelMode } from './cancelMode.js';

export const CANCEL_FAILED = 'Unable to cancel booking';

/** What is being cancelled, how, and how to name it to the person ("Thames, Wed 10 Apr 2030, 10:00–11:00"). */
export interface CancelTarget { booking: Booking; mode: CancelMode; label: string }

/**
 * Cancelling one booking from a details dialog (room calendar, Reception View). The viewer's own
 * booking: 'Are you sure?' (as in My Bookings). Someone else's, for Admins and the room's admins:
 * the Cancellation Reason dialog, sent with CancelledByAdmin; the server tells the owner. A refusal
 * keeps the dialog open with 'Unable to cancel booking: {the server's words}'.
 */
export function useBookingCancellation({ onCancelled }: { onCancelled: (b: Booking) => unknown }): {
  /** The cancellation this viewer may make, if any (isRoomAdminOfRoom: of the booking's room). */
  modeFor: (b: Booking, isRoomAdminOfRoom: boolean) => CancelMode | null;
  start: (target: CancelTarget) => void;
  /** Render it once, anywhere on the page. */
  dialog: ReactNode;
} {
  const { settings, caller } = useLoadedSettings();
  const [target, setTarget] = useState<CancelTarget | null>(null);
  const cancel = useMutation({
    mutationFn: (t: CancelTarget & { reason: string }) => cancelBooking(t.booking, t.reason, t.mode === 'admin'),
    onSuccess: async (_r, t) => {
      setTarget(null);
      notifications.show({ color: 'green', message: `Booking cancelled: ${t.label}`, closeButtonProps: { 'aria-label': 'Dismiss' } });
      await onCancelled(t.booking);
    },
  });

  const modeFor = (b: Booking, isRoomAdminOfRoom: boolean) => cancelModeFor(b, {
    userId: settings.Profile.Id, email: settings.Profile.Email, isAdmin: isAdmin(caller), isRoomAdminOfRoom,
    isBookingManager: hasRole(caller, 'Booking Manager'),
  }, new Date());
  const start = (t: CancelTarget) => { cancel.reset(); setTarget(t); };
  const close = () => { if (!cancel.isPending) setTarget(null); };
  const error = cancel.error ? `${CANCEL_FAILED}: ${serverText(cancel.error)}` : null;

  let dialog: ReactNode = null;
  if (target?.mode === 'admin') {
    dialog = (
      <CancellationReasonDialog count={1} subject={target.label} busy={cancel.isPending} error={error} onClose={close}
        onSave={(reason) => cancel.mutate({ ...target, reason })} />
    );
  } else if (target?.mode === 'own') {
    dialog = (
      <Modal opened onClose={close} title="Cancel booking" centered closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack>
          {error && <Alert color="red" role="alert">{error}</Alert>}
          <Text fw={600}>{target.label}</Text>
          <Text>Are you sure?</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus>No, keep it</Button>
            <Button color="red" loading={cancel.isPending} onClick={() => cancel.mutate({ ...target, reason: '' })}>Yes, cancel it</Button>
          </Group>
        </Stack>
      </Modal>
    );
  }
  return { modeFor, start, dialog };
}

/**
 * The foot of a booking's details dialog: Close, and 'Cancel booking' when the viewer may cancel,
 * saying beforehand that cancelling someone else's booking needs a reason and tells them.
 */
export function BookingDetailsActions({ cancelMode, onCancel, onClose }: { cancelMode: CancelMode | null; onCancel: () => void; onClose: () => void }) {
  return (
    <Stack gap="xs" mt="sm">
      {cancelMode === 'admin' && <Text size="sm" c="gray.7">This is someone else's booking: you give a reason, and they are told by e-mail.</Text>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>Close</Button>
        {cancelMode && <Button color="red" variant={cancelMode === 'admin' ? 'filled' : 'light'} onClick={onCancel}>Cancel booking</Button>}
      </Group>
    </Stack>
  );
}
