import { Text } from '@mantine/core';
import { Fragment, memo, useCallback, useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { EDITOR_ZOOM } from '../../../domain/layout/constants.js';
import { COMMAND_GROUPS, commandsInGroup, formatShortcut, type CommandGroup, type EditorCommand } from '../../floorplan/engine/commands.js';
import type { Editor, EditorState } from '../../floorplan/engine/editor.js';
import { CommandIcon } from './commandIcons.js';
import { RailButton } from './RailButton.js';

export interface EditorRailProps {
  editor: Editor;
  state: EditorState;
  /**
   * Buttons other parts of the editor add at the end of the Tools group (the desk block tool).
   * Use RailButton for them: same size, tooltip and keyboard behaviour.
   */
  toolExtras?: ReactNode;
}

/**
 * Arrange (align, distribute, rotate a selection) acts on what is selected: its buttons are in the
 * properties panel beside the selection, which keeps the rail short enough for a laptop screen.
 */
export const PANEL_GROUPS: readonly CommandGroup[] = ['Arrange'];
const railCommands = (group: CommandGroup): EditorCommand[] => commandsInGroup(group).filter((c) => !c.keyOnly);

const NEXT_KEYS: Record<string, 1 | -1> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };

/** A button outside the zoom range greys out; the command table does not know the range. */
const isDisabled = (c: EditorCommand, s: EditorState): boolean =>
  (c.isEnabled ? !c.isEnabled(s) : false)
  || (c.id === 'view.zoomIn' && s.zoom >= EDITOR_ZOOM.max)
  || (c.id === 'view.zoomOut' && s.zoom <= EDITOR_ZOOM.min);

/**
 * The tool rail at the left of the canvas (issue 21 point 4): every command of the command table
 * (engine/commands.ts) as an icon button, group by group, two columns wide. Drawn from the same
 * table as the keyboard and the shortcut help, so a button and its key never disagree, and a command
 * added to the table appears here by itself (with an abbreviation until it has an icon). Key-only
 * commands (the arrow nudges) are left to the shortcut help.
 *
 * Keyboard (the ARIA toolbar pattern): Tab enters the rail at the last used button and leaves it with
 * the next Tab; the arrow keys, Home and End move between buttons.
 */
export function EditorRail({ editor, state, toolExtras }: EditorRailProps) {
  const root = useRef<HTMLDivElement>(null);
  const current = useRef<HTMLElement | null>(null);

  // One tab stop: the last focused button if it can still be used, else the first.
  useLayoutEffect(() => {
    const buttons = root.current ? [...root.current.querySelectorAll<HTMLButtonElement>('button')] : [];
    const usable = buttons.filter((b) => !b.disabled);
    const stop = usable.find((b) => b === current.current) ?? usable[0];
    for (const b of buttons) b.tabIndex = b === stop ? 0 : -1;
  });

  const onFocus = useCallback((e: FocusEvent<HTMLDivElement>) => {
    if (!(e.target instanceof HTMLButtonElement)) return;
    current.current = e.target;
    for (const b of root.current?.querySelectorAll<HTMLButtonElement>('button') ?? []) b.tabIndex = b === e.target ? 0 : -1;
  }, []);

  const onKeyDown = useCallback((e: KeyboardEvent<HTMLDivElement>) => {
    const usable = [...(root.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
    if (usable.length === 0) return;
    const at = usable.indexOf(document.activeElement as HTMLButtonElement);
    let next: number | null = null;
    if (e.key in NEXT_KEYS) next = (Math.max(at, 0) + NEXT_KEYS[e.key]! + usable.length) % usable.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = usable.length - 1;
    if (next === null) return;
    // Handled here: the editor's own keys (arrows nudge a selection) must not see it.
    e.preventDefault();
    usable[next]!.focus();
  }, []);

  return (
    <div ref={root} role="toolbar" aria-label="Layout editor" aria-orientation="vertical" onFocus={onFocus} onKeyDown={onKeyDown}
      style={{
        display: 'flex', flexDirection: 'column', gap: 6, padding: 6, overflowY: 'auto', flexShrink: 0,
        borderRight: '1px solid var(--mantine-color-gray-3)', background: 'var(--mantine-color-gray-0)',
      }}>
      {COMMAND_GROUPS.filter((g) => !PANEL_GROUPS.includes(g)).map((group, i) => (
        <div key={group} role="group" aria-label={group}
          style={{ display: 'grid', gridTemplateColumns: 'repeat(2, 36px)', gap: 2, paddingTop: i ? 6 : 0, borderTop: i ? '1px solid var(--mantine-color-gray-3)' : undefined }}>
          {railCommands(group).map((c) => (
            <Fragment key={c.id}>
              <CommandButton command={c} editor={editor} active={c.isActive ? c.isActive(state) : undefined} disabled={isDisabled(c, state)} />
              {c.id === 'view.zoomOut' && (
                <Text size="xs" fw={600} ta="center" style={{ alignSelf: 'center' }} aria-live="polite" aria-label={`Zoom ${Math.round(state.zoom * 100)}%`}>
                  {Math.round(state.zoom * 100)}%
                </Text>
              )}
            </Fragment>
          ))}
          {group === 'Tools' && toolExtras}
        </div>
      ))}
    </div>
  );
}

/** A command's rail button; memoised on the command (one object for the page's life) and its look. */
const CommandButton = memo(function CommandButton({ command: c, editor, active, disabled }: {
  command: EditorCommand; editor: Editor; active: boolean | undefined; disabled: boolean;
}) {
  return (
    <RailButton label={c.label} shortcut={c.shortcut ? formatShortcut(c.shortcut) : undefined} icon={<CommandIcon id={c.id} label={c.label} />}
      active={active} disabled={disabled} onClick={() => c.run(editor)} data={{ 'data-command': c.id }} />
  );
});
