import { ActionIcon, Badge, Box, Button, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { EditorState } from '../../floorplan/engine/editor.js';
import { SCREEN_ICONS, SvgIcon } from './commandIcons.js';
import { editorTip } from './EditorTips.js';

export interface EditorTopBarProps {
  title: string;
  layoutId: number;
  state: EditorState;
  published: boolean;
  saving: boolean;
  onSave: () => void;
  onPublish: () => void;
  onHome: () => void;
  onHelp: () => void;
  /** Buttons other parts of the editor add before Save (the underlay panel's button). */
  extras?: ReactNode;
}

/**
 * The editor's one header row: the page heading, the Draft indicator, the saved state, and the
 * screen's own actions (Save, Publish, Home talk to the server and the router, so they are not in
 * the engine's command table). Publish is teal 9 and the Draft badge yellow with dark text: green 8
 * and yellow with white text failed colour contrast (axe, serious).
 */
export function EditorTopBar({ title, layoutId, state, published, saving, onSave, onPublish, onHome, onHelp, extras }: EditorTopBarProps) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" px="sm" py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', minHeight: 48 }}>
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Title order={1} size="h4" style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{title}</Title>
        {!published && <Badge color="yellow.4" c="dark.9" size="md" style={{ flexShrink: 0 }}>Draft</Badge>}
        <Text size="xs" c="gray.7" aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
          <Box component="span" visibleFrom="lg">
            New desks: {state.newDeskBookable ? 'bookable' : 'not bookable'}, {state.defaultDeskRotation}° ·{' '}
          </Box>
          {state.dirty ? 'Unsaved changes' : 'All changes saved'}
        </Text>
      </Group>
      <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
        {extras}
        <ActionIcon size={32} variant="subtle" color="dark" aria-label="Keyboard shortcuts" onClick={onHelp}
          {...editorTip(`Keyboard shortcuts · layout ${layoutId}`, 'bottom')}>
          <SvgIcon>{SCREEN_ICONS.keyboard}</SvgIcon>
        </ActionIcon>
        <Button size="xs" variant="default" onClick={onHome}>Home</Button>
        <Button size="xs" variant="default" onClick={onSave} loading={saving}>Save</Button>
        <Button size="xs" color="teal.9" onClick={onPublish}>Publish</Button>
      </Group>
    </Group>
  );
}
