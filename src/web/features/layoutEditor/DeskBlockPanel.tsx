import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { CANVAS_SIZE } from '../../../domain/layout/constants.js';
import type { Point } from '../../../domain/layout/deskGeometry.js';
import type { Desk } from '../../../domain/layout/drawing.js';
import type { Editor } from '../../floorplan/engine/editor.js';
import { useEditorState } from '../../floorplan/view/useEditorState.js';
import { DeskBlockPlaceForm } from './DeskBlockPlaceForm.js';
import { DeskBlockRenumberForm } from './DeskBlockRenumberForm.js';

export type DeskBlockMode = 'block' | 'renumber';

/** The editor's scrolling view and its drawing (EditorCanvas labels them so). */
const VIEW_LABEL = 'Layout canvas (scrollable)';
const DRAWING_LABEL = 'Layout drawing';

/**
 * The canvas point at the centre of what the editor shows now, read from the page: the block is
 * placed there, where the admin is looking. Measured from the drawing's on-screen box, so it holds
 * at any zoom (including wheel zoom beyond the buttons' range). The canvas centre if the view is gone.
 */
export function viewCentre(): Point {
  const view = document.querySelector<HTMLElement>(`[aria-label="${VIEW_LABEL}"]`);
  const svg = view?.querySelector(`svg[aria-label="${DRAWING_LABEL}"]`);
  if (!view || !svg) return { x: CANVAS_SIZE / 2, y: CANVAS_SIZE / 2 };
  const v = view.getBoundingClientRect();
  const s = svg.getBoundingClientRect();
  const scale = s.width / CANVAS_SIZE || 1;
  // The visible part of the view: its box minus scrollbars (clientWidth/Height exclude them).
  return { x: (v.left + view.clientWidth / 2 - s.left) / scale, y: (v.top + view.clientHeight / 2 - s.top) / scale };
}

const newDeskId = (): string => {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  // randomUUID exists only in secure contexts; a plain-http LAN install still needs unique ids.
  return Array.from(c.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
};

export interface DeskBlockPanelProps {
  editor: Editor;
  floorName: string;
  mode: DeskBlockMode;
  onClose: () => void;
}

/** The desk block tool and Renumber selection, in a dialog over the editor (full screen on a phone). */
export function DeskBlockPanel({ editor, floorName, mode, onClose }: DeskBlockPanelProps) {
  const state = useEditorState(editor);
  const phone = useMediaQuery('(max-width: 36em)');
  // Read once when the panel opens: the dialog covers the view, so it cannot move meanwhile.
  const [centre] = useState(viewCentre);
  const [selected] = useState<readonly Desk[]>(() => (mode === 'renumber' ? editor.selectedDesksInReadingOrder() : []));
  const title = mode === 'block' ? 'Desk block' : 'Renumber selection';
  const drawing = state.drawing;
  const selectedNow = useMemo(() => {
    // Desks deleted meanwhile (undo) drop out of the list.
    const ids = new Set(drawing.desks.map((d) => d.id));
    return selected.filter((d) => ids.has(d.id));
  }, [selected, drawing]);

  return (
    <Modal opened onClose={onClose} title={title} size="lg" fullScreen={phone === true}>
      {mode === 'block' ? (
        <DeskBlockPlaceForm drawing={drawing} floor={floorName} centre={centre} defaultRotation={state.defaultDeskRotation}
          defaultBookable={state.newDeskBookable} newId={newDeskId} onCancel={onClose}
          onPlace={(desks) => {
            const r = editor.insertDesks(desks);
            const why = r.ok ? null : r.message;
            if (!why) onClose();
            return why;
          }} />
      ) : (
        <DeskBlockRenumberForm drawing={drawing} floor={floorName} desks={selectedNow} onCancel={onClose}
          onRename={(names) => {
            const r = editor.renameDesks(names);
            const why = r.ok ? null : r.reason;
            if (!why) onClose();
            return why;
          }} />
      )}
    </Modal>
  );
}
