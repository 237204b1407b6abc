import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import type { Editor } from '../../floorplan/engine/editor.js';
import type { ElementRef } from '../../floorplan/engine/elements.js';
import { withBase } from '../../app/basePath.js';
import { confirm, showAlert } from './dialogs.js';
import { deskFutureBookings } from './layoutApi.js';
import { errorText } from './useLayoutPersistence.js';

export type OpenDialog = { kind: 'desk'; deskId: string } | { kind: 'text'; index: number } | null;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Shows what the engine asks for: the desk and text editors, alerts ('No properties to edit'),
 * passing notices, and the Delete Desk check (SPEC 4): bookings from now on block the deletion.
 */
export function useEditorIntents(editor: Editor, floorplanId: number) {
  const [dialog, setDialog] = useState<OpenDialog>(null);

  useEffect(() => editor.onIntent((intent) => {
    switch (intent.type) {
      case 'openDeskEditor':
        return setDialog({ kind: 'desk', deskId: intent.deskId });
      case 'openTextEditor':
        return setDialog({ kind: 'text', index: intent.index });
      case 'alert':
        return showAlert(intent.message);
      case 'notice':
        return void notifications.show({ message: intent.message, color: 'yellow' });
      case 'confirmDeleteDesk':
        return void checkAndDeleteDesks(editor, floorplanId, intent.deskIds, intent.refs);
      case 'scrollTo':
        return; // the canvas performs it
    }
  }), [editor, floorplanId]);

  return { dialog, closeDialog: () => setDialog(null) };
}

/**
 * One check and one confirmation for every selected desk (issue 21): the counts are fetched a few
 * at a time, and the whole selection is deleted as one undo step once confirmed.
 */
async function checkAndDeleteDesks(editor: Editor, floorplanId: number, deskIds: readonly string[], refs: readonly ElementRef[]): Promise<void> {
  const byId = new Map(editor.getState().drawing.desks.map((d) => [d.id, d]));
  const desks = deskIds.flatMap((id) => { const d = byId.get(id); return d ? [d] : []; });
  if (!desks.length) return;
  const nameOf = (d: { alias: string; id: string }) => d.alias || d.id;
  const counts: number[] = [];
  try {
    for (let i = 0; i < desks.length; i += 8) {
      const chunk = await Promise.all(desks.slice(i, i + 8).map((d) => deskFutureBookings(floorplanId, d.id)));
      counts.push(...chunk.map((c) => c.Count));
    }
  } catch (err) {
    return showAlert(`Unable to check the bookings of ${desks.length === 1 ? `desk ${nameOf(desks[0]!)}` : 'the selected desks'}: ${errorText(err)}`);
  }
  const booked = desks.filter((_, i) => counts[i]! > 0);
  if (booked.length) {
    const total = counts.reduce((a, b) => a + b, 0);
    return showAlert(
      <Stack gap="xs">
        <Text role="alert">
          {booked.length === 1 ? `Desk ${nameOf(booked[0]!)} has` : `Desks ${booked.map(nameOf).join(', ')} have`} {plural(total, 'booking')} from
          now on. Load them in the Desk Bookings panel and cancel them before deleting the desk{booked.length === 1 ? '' : 's'}.
        </Text>
        <Anchor href={withBase('/menu/settings/manageBookings')} target="_blank" rel="noopener">Open Manage Desk Bookings in a new tab</Anchor>
      </Stack>,
      'Delete Desk',
    );
  }
  const what = desks.length === 1 ? `desk ${nameOf(desks[0]!)}` : `${desks.length} desks`;
  const others = refs.length - desks.length;
  const message = `Delete ${what}${others > 0 ? ` and ${plural(others, 'other item')}` : ''}? ${desks.length === 1 ? 'It has' : 'They have'} no bookings from now on.`;
  const ok = await confirm({ title: 'Delete Desk', message, confirmLabel: 'Delete', danger: true });
  if (ok) editor.deleteElements(refs);
}
