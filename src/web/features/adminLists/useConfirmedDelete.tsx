import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';

/** What the warning dialog says before an item is deleted. */
export interface DeleteWarning {
  title: string;
  /** What goes with the item ('Are you sure? The room will be removed.'). */
  consequence: string;
  /** The server's refusal rule, in bold, so nobody is surprised by a 409. */
  rule: string;
  confirmLabel: string;
}

interface ConfirmedDeleteOptions<T> {
  deleteItem: (item: T) => Promise<unknown>;
  warning: (item: T) => DeleteWarning;
  /** Toast and refresh the list; a returned promise keeps the row's button busy until it settles. */
  onDeleted: (item: T) => unknown;
  failureMessage: (err: unknown) => string;
  /**
   * Where the failure message goes (null once a delete succeeds). Pages whose other actions share
   * one error bar pass their own setter; otherwise the hook keeps it and returns it as `error`.
   */
  setError?: (message: string | null) => void;
}

/**
 * Delete from an administration list only after a red-confirm warning dialog. Returns `askDelete`
 * for the row's Delete button, `isDeleting` for its spinner and the last failure's message.
 */
export function useConfirmedDelete<T extends { Id: number }>({ deleteItem, warning, onDeleted, failureMessage, setError }: ConfirmedDeleteOptions<T>) {
  const [ownError, setOwnError] = useState<string | null>(null);
  const report = setError ?? setOwnError;

  const remove = useMutation({
    mutationFn: deleteItem,
    onSuccess: (_v, item) => {
      report(null);
      return onDeleted(item);
    },
    onError: (err) => report(failureMessage(err)),
  });

  const askDelete = (item: T) => {
    const w = warning(item);
    modals.openConfirmModal({
      title: w.title,
      children: (
        <Stack gap="xs">
          <Text>{w.consequence}</Text>
          <Text fw={600}>{w.rule}</Text>
        </Stack>
      ),
      labels: { confirm: w.confirmLabel, cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(item),
    });
  };

  const isDeleting = (item: T) => remove.isPending && remove.variables?.Id === item.Id;

  return { askDelete, isDeleting, error: ownError };
}
