import { ActionIcon, Button, CloseButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { KeyboardEvent, ReactNode } from 'react';
import { COMMANDS, formatShortcut, type EditorCommand } from '../../floorplan/engine/commands.js';
import type { Editor, EditorState } from '../../floorplan/engine/editor.js';
import { elementFrame, type ElementKind, type ElementRef } from '../../floorplan/engine/elements.js';
import { CommandIcon } from './commandIcons.js';
import { EditorForm } from './EditorForm.js';
import { editorTip } from './EditorTips.js';
import { PANEL_GROUPS } from './EditorRail.js';
import { FrameProperties } from './FrameProperties.js';

/** The selection as a list: EditorState.selected once the engine has multi-selection, else the one selection. */
export const selectedRefs = (s: EditorState): readonly ElementRef[] => s.selected;

const KIND_NAMES: Record<ElementKind, [string, string]> = {
  desk: ['Desk', 'desks'],
  text: ['Text', 'texts'],
  shape: ['Shape', 'shapes'],
  door: ['Door', 'doors'],
  floorRect: ['Floor space', 'floor spaces'],
  roomRect: ['Internal room', 'internal rooms'],
};

/**
 * Buttons for the selection: the command table's groups the rail leaves to the panel (Arrange: a
 * command added there shows here by itself), then duplicate, copy and delete.
 */
const selectionCommands = (): EditorCommand[] => [
  ...COMMANDS.filter((c) => PANEL_GROUPS.includes(c.group) && !c.keyOnly),
  ...['edit.duplicate', 'edit.copy', 'edit.delete'].flatMap((id) => COMMANDS.filter((c) => c.id === id)),
];

export interface PropertiesPanelProps {
  editor: Editor;
  state: EditorState;
  /** 'side': a column right of the canvas, always there; 'sheet': over the canvas's foot while something is selected. */
  mode: 'side' | 'sheet';
  /** Clears the selection and puts the focus back on the rail (the close button and Escape). */
  onClose: () => void;
  /** Shown with nothing selected, under the hint (a place for panels such as the underlay's). */
  idleExtras?: ReactNode;
}

/**
 * The properties of the selection (issue 21 point 4): a desk's name, rotation, bookable flag, team
 * and tags, a text's words and size, a shape's frame, or the count and the commands for several.
 * Faster than the dialogs, which stay reachable by double-click (SPEC 2.8). Escape closes it.
 */
export function PropertiesPanel({ editor, state, mode, onClose, idleExtras }: PropertiesPanelProps) {
  const refs = selectedRefs(state);
  if (mode === 'sheet' && refs.length === 0) return null;

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'Escape' || e.defaultPrevented) return;
    // An open list (team, tags) closes first.
    if (e.target instanceof Element && e.target.closest('[aria-expanded="true"]')) return;
    e.preventDefault();
    onClose();
  };

  const body = <PanelBody editor={editor} state={state} refs={refs} idleExtras={idleExtras} />;
  const heading = refs.length === 0 ? 'Properties' : refs.length === 1 ? KIND_NAMES[refs[0]!.kind][0] : `${refs.length} selected`;
  const header = (
    <Group justify="space-between" wrap="nowrap" mb="sm">
      <Title order={2} size="h5" id="properties-heading">{heading}</Title>
      {refs.length > 0 && <CloseButton size="sm" aria-label="Close properties (Escape)" onClick={onClose} />}
    </Group>
  );

  if (mode === 'sheet') {
    return (
      <Paper component="section" aria-labelledby="properties-heading" shadow="xl" withBorder p="md" onKeyDown={onKeyDown} data-properties="sheet"
        style={{ position: 'absolute', left: 8, right: 8, bottom: 8, zIndex: 20, maxHeight: '55%', overflowY: 'auto', borderRadius: 12 }}>
        {header}
        {body}
      </Paper>
    );
  }
  return (
    <section aria-labelledby="properties-heading" onKeyDown={onKeyDown} data-properties="side"
      style={{ width: 272, flexShrink: 0, overflowY: 'auto', padding: 12, borderLeft: '1px solid var(--mantine-color-gray-3)', background: 'var(--mantine-color-body)' }}>
      {header}
      {body}
    </section>
  );
}

function PanelBody({ editor, state, refs, idleExtras }: { editor: Editor; state: EditorState; refs: readonly ElementRef[]; idleExtras?: ReactNode }) {
  if (refs.length === 0) {
    return (
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          Select a desk, a text or a shape to edit it here. Double-click opens the full editor; shift-click or drag a frame to select several.
        </Text>
        {idleExtras}
      </Stack>
    );
  }
  if (refs.length > 1) return <MultiSelection editor={editor} state={state} refs={refs} />;
  return (
    <Stack gap="md">
      <SingleSelection editor={editor} state={state} element={refs[0]!} />
      <SelectionCommands editor={editor} state={state} onlyEnabled />
    </Stack>
  );
}

function SingleSelection({ editor, state, element: ref }: { editor: Editor; state: EditorState; element: ElementRef }) {
  if (ref.kind === 'desk') {
    const desk = state.drawing.desks.find((d) => d.id === ref.id);
    return desk ? (
      <Stack gap="sm">
        <EditorForm what="the desk's properties" inline>
          {(forms) => <forms.DeskProperties key={desk.id} desk={desk} editor={editor} snap={state.snap} />}
        </EditorForm>
        <Button size="xs" variant="default" onClick={() => editor.editSelected()}>Open Edit Desk…</Button>
      </Stack>
    ) : null;
  }
  if (ref.kind === 'text') {
    const text = state.drawing.text[ref.index];
    return text ? (
      <EditorForm what="the text's properties" inline>
        {(forms) => <forms.TextProperties key={ref.index} text={text} index={ref.index} editor={editor} />}
      </EditorForm>
    ) : null;
  }
  const frame = elementFrame(state.drawing, ref);
  return frame ? <FrameProperties frame={frame} sized={ref.kind !== 'door'} /> : null;
}

function MultiSelection({ editor, state, refs }: { editor: Editor; state: EditorState; refs: readonly ElementRef[] }) {
  const counts = new Map<ElementKind, number>();
  for (const r of refs) counts.set(r.kind, (counts.get(r.kind) ?? 0) + 1);
  const summary = [...counts].map(([kind, n]) => `${n} ${n === 1 ? KIND_NAMES[kind][0].toLowerCase() : KIND_NAMES[kind][1]}`).join(', ');
  return (
    <Stack gap="sm">
      <Text size="sm">{summary}</Text>
      <SelectionCommands editor={editor} state={state} onlyEnabled={false} />
    </Stack>
  );
}

/** The selection's commands as icon buttons; for one element only those that can act on it (not align). */
function SelectionCommands({ editor, state, onlyEnabled }: { editor: Editor; state: EditorState; onlyEnabled: boolean }) {
  const commands = selectionCommands()
    .map((c) => ({ c, enabled: c.isEnabled ? c.isEnabled(state) : true }))
    .filter(({ enabled }) => enabled || !onlyEnabled);
  if (commands.length === 0) return null;
  return (
    <div role="group" aria-label="Selection commands" style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
      {commands.map(({ c, enabled }) => (
        <ActionIcon key={c.id} size={36} variant="default" aria-label={c.label} disabled={!enabled} onClick={() => c.run(editor)} data-command={c.id}
          {...editorTip(c.shortcut ? `${c.label} (${formatShortcut(c.shortcut)})` : c.label, 'bottom')}>
          <CommandIcon id={c.id} label={c.label} />
        </ActionIcon>
      ))}
    </div>
  );
}
