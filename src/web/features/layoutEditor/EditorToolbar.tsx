import { Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { Fragment } from 'react';
import { EDITOR_ZOOM } from '../../../domain/layout/constants.js';
import { COMMAND_GROUPS, commandsInGroup, formatShortcut, type EditorCommand } from '../../floorplan/engine/commands.js';
import type { Editor, EditorState } from '../../floorplan/engine/editor.js';

export interface EditorToolbarProps {
  editor: Editor;
  state: EditorState;
  published: boolean;
  saving: boolean;
  onSave: () => void;
  onPublish: () => void;
  onHome: () => void;
  onHelp: () => void;
}

/** Shorter words on the buttons; the tooltip and accessible name carry the command's full label. */
const SHORT: Record<string, string> = {
  'tool.room': 'Room',
  'tool.switchRectangle': 'Floor/Room',
  'desk.toggleBookable': 'Bookable',
  'desk.rotateDefault': 'Rotate 45°',
  'view.grid': 'Grid',
  'view.snap': 'Snap',
  'view.fit': 'Fit desks',
  'view.zoomIn': '+',
  'view.zoomOut': '−',
  'edit.cancel': 'Cancel',
};

const tooltipFor = (c: EditorCommand): string => (c.shortcut ? `${c.label} (${formatShortcut(c.shortcut)})` : c.label);

/**
 * The toolbar, drawn from the command table (engine/commands.ts) group by group: the same table
 * the keyboard uses, so a button and its key can never disagree. Save, Publish and Home talk to
 * the server and the router, so they are the screen's own.
 */
export function EditorToolbar({ editor, state, published, saving, onSave, onPublish, onHome, onHelp }: EditorToolbarProps) {
  return (
    <Group role="toolbar" aria-label="Layout editor" gap="md" wrap="wrap" align="flex-end" p="xs"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', background: 'var(--mantine-color-gray-0)' }}>
      {COMMAND_GROUPS.map((group) => (
        <div key={group} role="group" aria-label={group}>
          <Text size="xs" c="dimmed" fw={600} aria-hidden="true">{group}</Text>
          <Group gap={4} wrap="wrap">
            {commandsInGroup(group).map((c) => (
              <Fragment key={c.id}>
                <CommandButton command={c} editor={editor} state={state} />
                {c.id === 'view.zoomOut' && (
                  <Text size="sm" miw={42} ta="center" aria-live="polite" aria-label={`Zoom ${Math.round(state.zoom * 100)}%`}>
                    {Math.round(state.zoom * 100)}%
                  </Text>
                )}
              </Fragment>
            ))}
          </Group>
        </div>
      ))}
      <div role="group" aria-label="Layout">
        <Text size="xs" c="dimmed" fw={600} aria-hidden="true">Layout</Text>
        <Group gap={4}>
          <Button size="xs" onClick={onSave} loading={saving}>Save</Button>
          <Button size="xs" color="green" onClick={onPublish}>Publish</Button>
          <Button size="xs" variant="default" onClick={onHome}>Home</Button>
          <Button size="xs" variant="subtle" onClick={onHelp}>Shortcuts</Button>
          {!published && <Badge color="yellow" variant="light" size="lg">Draft</Badge>}
        </Group>
      </div>
      <Text size="xs" c="dimmed" aria-live="polite">
        New desks: {state.newDeskBookable ? 'bookable' : 'not bookable'}, {state.defaultDeskRotation}°
        {state.dirty ? ' · Unsaved changes' : ' · All changes saved'}
      </Text>
    </Group>
  );
}

function CommandButton({ command: c, editor, state }: { command: EditorCommand; editor: Editor; state: EditorState }) {
  const active = c.isActive?.(state);
  const enabled = c.isEnabled ? c.isEnabled(state) : true;
  const disabled = !enabled
    || (c.id === 'view.zoomIn' && state.zoom >= EDITOR_ZOOM.max)
    || (c.id === 'view.zoomOut' && state.zoom <= EDITOR_ZOOM.min);
  const label = SHORT[c.id] ?? c.label;
  return (
    <Tooltip label={tooltipFor(c)} openDelay={300} withArrow>
      <Button
        size="xs"
        variant={active ? 'filled' : 'default'}
        aria-label={c.label}
        aria-keyshortcuts={c.shortcut ? formatShortcut(c.shortcut).replace('Ctrl+', 'Control+') : undefined}
        aria-pressed={c.isActive ? Boolean(active) : undefined}
        disabled={disabled}
        data-command={c.id}
        onClick={() => c.run(editor)}
      >
        {label}
      </Button>
    </Tooltip>
  );
}
