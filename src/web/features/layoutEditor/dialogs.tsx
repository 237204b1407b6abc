import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

let alertCount = 0;

/** A blocking alert with one OK button (the seed's window.alert, accessible and styled). */
export function showAlert(message: ReactNode, title = 'Layout editor'): void {
  const id = `editor-alert-${++alertCount}`;
  modals.open({
    modalId: id,
    title,
    children: (
      <Stack>
        {typeof message === 'string' ? <Text role="alert">{message}</Text> : message}
        <Group justify="flex-end">
          <Button onClick={() => modals.close(id)} data-autofocus>OK</Button>
        </Group>
      </Stack>
    ),
  });
}

/** A confirmation; resolves true on confirm, false on cancel or close. */
export function confirm(o: { title: string; message: ReactNode; confirmLabel: string; danger?: boolean }): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (v: boolean) => {
      if (!settled) {
        settled = true;
        resolve(v);
      }
    };
    modals.openConfirmModal({
      title: o.title,
      children: typeof o.message === 'string' ? <Text>{o.message}</Text> : o.message,
      labels: { confirm: o.confirmLabel, cancel: 'Cancel' },
      confirmProps: o.danger ? { color: 'red' } : undefined,
      onConfirm: () => done(true),
      onCancel: () => done(false),
      onClose: () => done(false),
    });
  });
}
