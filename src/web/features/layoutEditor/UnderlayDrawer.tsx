/**
 * The plan image panel (UnderlayPanel) in its side drawer, without a backdrop: the drawing stays
 * visible and clickable, as calibration needs two clicks on it. Opened by UnderlayButton.
 */
import { Drawer } from '@mantine/core';
import type { Editor, EditorState } from '../../floorplan/engine/editor.js';
import { UnderlayPanel } from './UnderlayPanel.js';

export function UnderlayDrawer({ editor, state, floorplanId, opened, onClose }: {
  editor: Editor; state: EditorState; floorplanId: number; opened: boolean; onClose: () => void;
}) {
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={340} title="Plan image"
      withOverlay={false} lockScroll={false} trapFocus={false} closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close the plan image panel' }}>
      <UnderlayPanel editor={editor} state={state} floorplanId={floorplanId} />
    </Drawer>
  );
}
