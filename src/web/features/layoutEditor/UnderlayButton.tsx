/**
 * The editor top bar's "Plan image" button and the panel it opens (UnderlayPanel). The panel is a side
 * drawer without a backdrop: the drawing stays visible and clickable, as calibration needs two clicks on it.
 */
import { Button, Drawer } from '@mantine/core';
import { useState } from 'react';
import type { Editor, EditorState } from '../../floorplan/engine/editor.js';
import { UnderlayPanel } from './UnderlayPanel.js';

export function UnderlayButton({ editor, state, floorplanId }: { editor: Editor; state: EditorState; floorplanId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="xs" variant={open ? 'filled' : 'default'} aria-pressed={open} onClick={() => setOpen((o) => !o)}>Plan image</Button>
      <Drawer opened={open} onClose={() => setOpen(false)} position="right" size={340} title="Plan image"
        withOverlay={false} lockScroll={false} trapFocus={false} closeOnClickOutside={false}
        closeButtonProps={{ 'aria-label': 'Close the plan image panel' }}>
        <UnderlayPanel editor={editor} state={state} floorplanId={floorplanId} />
      </Drawer>
    </>
  );
}
