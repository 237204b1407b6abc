import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { canSaveCancellationReason } from '../../../domain/adminRules.js';

/**
 * Cancellation Reason (SPEC 2.9, 5): Save is disabled while the reason is empty. Used by Manage Desk
 * Bookings (several bookings at once) and by the room calendar and Reception View (one booking, with
 * `subject` naming it and `error` saying why the last try failed).
 */
export function CancellationReasonDialog({ count, busy, onSave, onClose, subject, error }: {
  count: number; busy: boolean; onSave: (reason: string) => void; onClose: () => void; subject?: string; error?: string | null;
}) {
  const [reason, setReason] = useState('');
  return (
    <Modal opened onClose={onClose} title="Cancellation Reason" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        {error && <Alert color="red" role="alert">{error}</Alert>}
        {subject && <Text fw={600}>{subject}</Text>}
        <Text size="sm">{`${count} booking${count === 1 ? '' : 's'} will be cancelled. The people booked are told the reason.`}</Text>
        <Textarea label="Reason" required autosize minRows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.currentTarget.value)} data-autofocus />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Back</Button>
          <Button color="red" disabled={!canSaveCancellationReason(reason)} loading={busy} onClick={() => onSave(reason.trim())}>Save</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
