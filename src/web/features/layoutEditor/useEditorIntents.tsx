import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import type { Editor } from '../../floorplan/engine/editor.js';
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
        return void checkAndDeleteDesk(editor, floorplanId, intent.deskId);
      case 'scrollTo':
        return; // the canvas performs it
    }
  }), [editor, floorplanId]);

  return { dialog, closeDialog: () => setDialog(null) };
}

async function checkAndDeleteDesk(editor: Editor, floorplanId: number, deskId: string): Promise<void> {
  const desk = editor.getState().drawing.desks.find((d) => d.id === deskId);
  if (!desk) return;
  const name = desk.alias || desk.id;
  let count: number;
  try {
    count = (await deskFutureBookings(floorplanId, deskId)).Count;
  } catch (err) {
    return showAlert(`Unable to check the bookings of desk ${name}: ${errorText(err)}`);
  }
  if (count > 0) {
    return showAlert(
      <Stack gap="xs">
        <Text role="alert">
          Desk {name} has {plural(count, 'booking')} from now on. Load them in the Desk Bookings panel and cancel them
          before deleting the desk.
        </Text>
        <Anchor href={withBase('/menu/settings/manageBookings')} target="_blank" rel="noopener">Open Manage Desk Bookings in a new tab</Anchor>
      </Stack>,
      'Delete Desk',
    );
  }
  const ok = await confirm({ title: 'Delete Desk', message: `Delete desk ${name}? It has no bookings from now on.`, confirmLabel: 'Delete', danger: true });
  if (ok) editor.deleteElement({ kind: 'desk', id: deskId });
}
