/**
 * The editor top bar's "Plan image" button and the drawer it opens (UnderlayDrawer, with the editor's
 * other forms: EditorForm.tsx).
 */
import { Button } from '@mantine/core';
import { useState } from 'react';
import type { Editor, EditorState } from '../../floorplan/engine/editor.js';
import { EditorForm } from './EditorForm.js';

export function UnderlayButton({ editor, state, floorplanId }: { editor: Editor; state: EditorState; floorplanId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="xs" variant={open ? 'filled' : 'default'} aria-pressed={open} onClick={() => setOpen((o) => !o)}>Plan image</Button>
      {/* Kept once its code is in, closed or open, so the drawer animates and gives the focus back as before. */}
      <EditorForm wanted={open} what="the plan image panel" onClose={() => setOpen(false)}>
        {(forms) => <forms.UnderlayDrawer editor={editor} state={state} floorplanId={floorplanId} opened={open} onClose={() => setOpen(false)} />}
      </EditorForm>
    </>
  );
}
