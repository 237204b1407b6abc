import { ActionIcon } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { editorTip } from './EditorTips.js';

export interface RailButtonProps {
  /** The accessible name and the tooltip's words. */
  label: string;
  /** As shown to people: 'V', 'Ctrl+Z'. */
  shortcut?: string;
  icon: ReactNode;
  /** Pressed look (a chosen tool, a view switch that is on); undefined: not a toggle. */
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  /** Extra attributes for tests and styling, e.g. data-command. */
  data?: Record<`data-${string}`, string>;
}

/**
 * One square button of the tool rail: an icon, with a tip naming it and its key (EditorTips, one for the screen). Memoised on
 * plain props: the rail re-renders with every editor change (each frame of a drag), its buttons only
 * when their own look changes. Exported so other panels (desk block, underlay) can add buttons that
 * look and behave the same; the rail's arrow-key navigation picks up any button inside it.
 */
export const RailButton = memo(function RailButton({ label, shortcut, icon, active, disabled, onClick, data }: RailButtonProps) {
  return (
    <ActionIcon
      size={36}
      variant={active ? 'filled' : 'subtle'}
      color={active ? undefined : 'dark'}
      aria-label={label}
      aria-keyshortcuts={shortcut ? shortcut.replace('Ctrl+', 'Control+') : undefined}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      onClick={onClick}
      {...editorTip(shortcut ? `${label} (${shortcut})` : label)}
      {...data}
    >
      {icon}
    </ActionIcon>
  );
});
