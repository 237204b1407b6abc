import { Box, Group, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Drawing } from '../../../domain/layout/drawing.js';
import type { LatestLayout } from '../../../domain/wire/floorplans.js';
import { Editor } from '../../floorplan/engine/editor.js';
import { EditorCanvas } from '../../floorplan/view/EditorCanvas.js';
import { useEditorState } from '../../floorplan/view/useEditorState.js';
import { usePageTitle } from '../../app/shell/usePageTitle.js';
import { DeskEditorModal } from './DeskEditorModal.js';
import { confirm } from './dialogs.js';
import { EditorToolbar } from './EditorToolbar.js';
import { ShortcutHelp } from './ShortcutHelp.js';
import { TextEditorModal } from './TextEditorModal.js';
import { useEditorIntents } from './useEditorIntents.js';
import { useEditorKeyboard } from './useEditorKeyboard.js';
import { useLayoutPersistence } from './useLayoutPersistence.js';

/** The editor for one unpublished layout: toolbar, canvas, dialogs, saving and the local draft. */
export function EditorScreen({ layout, drawing }: { layout: LatestLayout; drawing: Drawing }) {
  const [editor] = useState(() => new Editor({ drawing }));
  const state = useEditorState(editor);
  const navigate = useNavigate();
  const [helpOpen, setHelpOpen] = useState(false);
  const { save, publish, saving } = useLayoutPersistence(editor, layout, drawing);
  const { dialog, closeDialog } = useEditorIntents(editor, layout.FloorplanId);
  useEditorKeyboard(editor, dialog === null && !helpOpen);
  usePageTitle(`Layout editor: ${layout.FloorplanName}`);

  const onPublish = async () => {
    const ok = await confirm({
      title: 'Publish layout',
      message: 'Publish this layout? It is saved first, then people book desks on it. Later changes need a new layout.',
      confirmLabel: 'Publish',
    });
    if (ok && (await publish())) void navigate('/');
  };
  const onHome = async () => {
    if (editor.getState().dirty) {
      const leave = await confirm({
        title: 'Leave the editor?',
        message: 'There are unsaved changes. They stay in this browser as a local draft, offered when you open this layout again.',
        confirmLabel: 'Leave',
      });
      if (!leave) return;
    }
    void navigate('/');
  };

  const desk = dialog?.kind === 'desk' ? state.drawing.desks.find((d) => d.id === dialog.deskId) : undefined;
  const text = dialog?.kind === 'text' ? state.drawing.text[dialog.index] : undefined;

  return (
    <Box style={{ display: 'flex', flexDirection: 'column', height: 'calc(100dvh - 120px)', minHeight: 420 }}>
      <Group justify="space-between" px="xs" py={4}>
        <Title order={1} size="h4">Layout editor: {layout.FloorplanName}</Title>
        <Text size="xs" c="dimmed">Layout {layout.Id}</Text>
      </Group>
      <EditorToolbar editor={editor} state={state} published={layout.Published} saving={saving}
        onSave={() => void save()} onPublish={() => void onPublish()} onHome={() => void onHome()} onHelp={() => setHelpOpen(true)} />
      <Box style={{ flex: 1, minHeight: 0 }}>
        <EditorCanvas editor={editor} />
      </Box>
      {desk && (
        <DeskEditorModal key={desk.id} desk={desk} snap={state.snap} onClose={closeDialog}
          onSave={(patch) => editor.updateDesk(desk.id, patch)} />
      )}
      {text && dialog?.kind === 'text' && (
        <TextEditorModal key={dialog.index} text={text} onClose={closeDialog}
          onSave={(patch) => editor.updateText(dialog.index, patch)} />
      )}
      <ShortcutHelp opened={helpOpen} onClose={() => setHelpOpen(false)} />
    </Box>
  );
}
