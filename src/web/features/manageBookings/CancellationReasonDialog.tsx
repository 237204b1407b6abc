import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { canSaveCancellationReason } from '../../../domain/adminRules.js';

/** Cancellation Reason (SPEC 2.9, 5): Save is disabled while the reason is empty. */
export function CancellationReasonDialog({ count, busy, onSave, onClose }: { count: number; busy: boolean; onSave: (reason: string) => void; onClose: () => void }) {
  const [reason, setReason] = useState('');
  return (
    <Modal opened onClose={onClose} title="Cancellation Reason" centered>
      <Stack>
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
