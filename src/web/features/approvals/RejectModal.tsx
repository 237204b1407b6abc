import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { hasReason } from '../../../domain/approval.js';

interface Props {
  title: string;
  /** What is being rejected, in words. */
  what: string;
  reject: (reason: string) => Promise<unknown>;
  successMessage: string;
  failureMessage: (err: unknown) => string;
  onClose: () => void;
  /** After the call: null when it worked, else the error text for the page. */
  onDone: (error: string | null) => void;
}

/** Rejecting a request (one booking or a whole series): a reason is required and goes to the requester. */
export function RejectModal({ title, what, reject: send, successMessage, failureMessage, onClose, onDone }: Props) {
  const [reason, setReason] = useState('');
  const reject = useMutation({
    mutationFn: () => send(reason.trim()),
    onSuccess: () => {
      notifications.show({ closeButtonProps: { 'aria-label': 'Dismiss' }, color: 'green', message: successMessage });
      onDone(null);
      onClose();
    },
    onError: (err) => {
      onDone(failureMessage(err));
      onClose();
    },
  });
  const submit = (e: FormEvent) => { e.preventDefault(); if (hasReason(reason)) reject.mutate(); };
  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit}>
        <Stack>
          <Text>{what}</Text>
          <Textarea label="Reason" required autosize minRows={2} maxLength={1000} value={reason} data-autofocus
            onChange={(e) => setReason(e.currentTarget.value)} />
          {!hasReason(reason) && <Alert color="gray" variant="transparent" p={0}>A reason is required to reject a booking.</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" disabled={!hasReason(reason)} loading={reject.isPending}>Reject</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
