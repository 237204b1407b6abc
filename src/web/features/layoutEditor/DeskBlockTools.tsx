import { memo, useState } from 'react';
import type { Editor } from '../../floorplan/engine/editor.js';
import type { DeskBlockMode } from './DeskBlockPanel.js';
import { EditorForm } from './EditorForm.js';
import { RailButton } from './RailButton.js';

const icon = (children: React.ReactNode) => (
  <svg width={22} height={22} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round"
    strokeLinejoin="round" aria-hidden="true" focusable="false">
    {children}
  </svg>
);

/** Three by two desks, the second row facing the first. */
const BLOCK_ICON = icon(
  <>
    <rect x="3" y="5" width="5" height="6" /><rect x="9.5" y="5" width="5" height="6" /><rect x="16" y="5" width="5" height="6" />
    <rect x="3" y="13" width="5" height="6" /><rect x="9.5" y="13" width="5" height="6" /><rect x="16" y="13" width="5" height="6" />
  </>,
);
/** "1 2 3" over an arrow: numbering in reading order. */
const RENUMBER_ICON = icon(
  <>
    <path d="M4 6l2-1.5V11M4 11h4" />
    <path d="M10 5.5c0-1 3.5-1.5 3.5.5 0 1.5-3.5 3-3.5 5h3.5" />
    <path d="M16 5h3.5l-2 2.5c2 0 2.5 1 2.5 2s-1 1.5-2 1.5-2-.5-2-1" />
    <path d="M4 17h16M17 14.5l3 2.5-3 2.5" />
  </>,
);

/**
 * The rail's 'Desk block' and 'Renumber' buttons and the dialog they open (issue 21, point 2).
 * Self-contained so the rail mounts it with one line; memoised on its props, so the rail's re-render
 * on every editor change (each frame of a drag) does not reach it.
 */
export const DeskBlockTools = memo(function DeskBlockTools({ editor, floorName }: { editor: Editor; floorName: string }) {
  const [mode, setMode] = useState<DeskBlockMode | null>(null);
  return (
    <>
      <RailButton label="Desk block" icon={BLOCK_ICON} onClick={() => setMode('block')} data={{ 'data-command': 'deskBlock.place' }} />
      <RailButton label="Renumber selection" icon={RENUMBER_ICON} onClick={() => setMode('renumber')} data={{ 'data-command': 'deskBlock.renumber' }} />
      {mode && (
        <EditorForm what={mode === 'block' ? 'the desk block form' : 'the renumber form'} onClose={() => setMode(null)}>
          {(forms) => <forms.DeskBlockPanel editor={editor} floorName={floorName} mode={mode} onClose={() => setMode(null)} />}
        </EditorForm>
      )}
    </>
  );
});
