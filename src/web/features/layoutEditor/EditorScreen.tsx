import { Box } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Drawing } from '../../../domain/layout/drawing.js';
import type { LatestLayout } from '../../../domain/wire/floorplans.js';
import { Editor } from '../../floorplan/engine/editor.js';
import { EditorCanvas } from '../../floorplan/view/EditorCanvas.js';
import { useEditorState } from '../../floorplan/view/useEditorState.js';
import { usePageTitle } from '../../app/shell/usePageTitle.js';
import { whenIdle } from '../../app/whenIdle.js';
import { DeskBlockTools } from './DeskBlockTools.js';
import { confirm } from './dialogs.js';
import { EditorForm, preloadEditorForms } from './EditorForm.js';
import { EditorRail } from './EditorRail.js';
import { EditorTips } from './EditorTips.js';
import { UnderlayButton } from './UnderlayButton.js';
import { EditorTopBar } from './EditorTopBar.js';
import { HoldDuringDrag } from './HoldDuringDrag.js';
import { PropertiesPanel } from './PropertiesPanel.js';
import { useEditorIntents } from './useEditorIntents.js';
import { useEditorKeyboard } from './useEditorKeyboard.js';
import { useFitOnOpen } from './useFitOnOpen.js';
import { useLayoutPersistence } from './useLayoutPersistence.js';

/** From this width the properties panel is a column beside the canvas; below it, a sheet over the canvas's foot. */
const SIDE_PANEL_QUERY = '(min-width: 64em)';

/**
 * The editor for one unpublished layout: a header row (title, Draft, Save, Publish, Home), the tool
 * rail, the canvas, the properties panel, the dialogs, saving and the local draft.
 */
export function EditorScreen({ layout, drawing }: { layout: LatestLayout; drawing: Drawing }) {
  const [editor] = useState(() => new Editor({ drawing }));
  const state = useEditorState(editor);
  const navigate = useNavigate();
  const [helpOpen, setHelpOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const canvasBox = useRef<HTMLDivElement>(null);
  const sidePanel = useMediaQuery(SIDE_PANEL_QUERY, true, { getInitialValueInEffect: false }) ?? true;
  const { save, publish, saving } = useLayoutPersistence(editor, layout, drawing);
  const { dialog, closeDialog } = useEditorIntents(editor, layout.FloorplanId);
  useEditorKeyboard(editor, dialog === null && !helpOpen);
  useFitOnOpen(editor, canvasBox);
  usePageTitle(`Layout editor: ${layout.FloorplanName}`);
  // The forms and dialogs, and the drawing's schemas they need, come after the drawing (EditorForm.tsx):
  // asked for once it is drawn and the browser is idle (whenIdle.ts: in the effect itself, the ~25
  // preloads were part of the first frame).
  useEffect(() => whenIdle(preloadEditorForms), []);

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
  // Closing the panel clears the selection; the focus goes back to the rail, where work goes on.
  const closePanel = () => {
    editor.select(null);
    root.current?.querySelector<HTMLButtonElement>('[role="toolbar"] button[tabindex="0"]')?.focus();
  };

  // A dragged selection of desks: only the canvas follows the pointer (see HoldDuringDrag).
  const hold = state.groupDrag !== null;
  const desk = dialog?.kind === 'desk' ? state.drawing.desks.find((d) => d.id === dialog.deskId) : undefined;
  const text = dialog?.kind === 'text' ? state.drawing.text[dialog.index] : undefined;

  return (
    <Box ref={root} style={{ display: 'flex', flexDirection: 'column', height: 'calc(100dvh - 120px)', minHeight: 420 }}>
      <HoldDuringDrag hold={hold}>
        <EditorTopBar title={`Layout editor: ${layout.FloorplanName}`} layoutId={layout.Id} state={state} published={layout.Published}
          saving={saving} onSave={() => void save()} onPublish={() => void onPublish()} onHome={() => void onHome()} onHelp={() => setHelpOpen(true)}
          // Hook for the underlay panel's button (Underlay*.tsx): extras={<UnderlayButton editor={editor} />}
          extras={<UnderlayButton editor={editor} state={state} floorplanId={layout.FloorplanId} />} />
      </HoldDuringDrag>
      <Box style={{ display: 'flex', flex: 1, minHeight: 0 }}>
        <HoldDuringDrag hold={hold}>
          <EditorRail editor={editor} state={state}
            // Hook for the desk block tool (DeskBlock*.tsx), a RailButton at the end of the Tools group:
            toolExtras={<DeskBlockTools editor={editor} floorName={layout.FloorplanName} />} />
        </HoldDuringDrag>
        <Box ref={canvasBox} style={{ flex: 1, minWidth: 0, position: 'relative' }}>
          <EditorCanvas editor={editor} />
          {!sidePanel && <HoldDuringDrag hold={hold}><PropertiesPanel editor={editor} state={state} mode="sheet" onClose={closePanel} /></HoldDuringDrag>}
        </Box>
        {sidePanel && <HoldDuringDrag hold={hold}><PropertiesPanel editor={editor} state={state} mode="side" onClose={closePanel} /></HoldDuringDrag>}
      </Box>
      {desk && (
        <EditorForm what="the desk's dialog" onClose={closeDialog}>
          {(forms) => <forms.DeskEditorModal key={desk.id} desk={desk} snap={state.snap} onClose={closeDialog}
            onSave={(patch) => editor.updateDesk(desk.id, patch)} />}
        </EditorForm>
      )}
      {text && dialog?.kind === 'text' && (
        <EditorForm what="the text's dialog" onClose={closeDialog}>
          {(forms) => <forms.TextEditorModal key={dialog.index} text={text} onClose={closeDialog}
            onSave={(patch) => editor.updateText(dialog.index, patch)} />}
        </EditorForm>
      )}
      <EditorTips within={root} />
      <EditorForm wanted={helpOpen} what="the keyboard shortcuts" onClose={() => setHelpOpen(false)}>
        {(forms) => <forms.ShortcutHelp opened={helpOpen} onClose={() => setHelpOpen(false)} />}
      </EditorForm>
    </Box>
  );
}
