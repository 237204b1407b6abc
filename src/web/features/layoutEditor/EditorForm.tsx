import { Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { lazyPart, useLazyPart } from '../../app/lazyPart.js';
import { loadDrawingSchemas } from '../../floorplan/engine/drawingSchemas.js';
import { POPOVER_Z_INDEX } from './EditorTips.js';

type EditorForms = typeof import('./editorForms.js');

/**
 * The editor's forms and dialogs (editorForms.ts), off its first load: EditorScreen preloads them once
 * the drawing is drawn, so by the time a person selects a desk or opens a dialog they are in. They come
 * with the drawing's schemas (drawingSchemas.ts), which the edits they make are checked by: a form is
 * never shown before its checks can run.
 */
export const editorForms = lazyPart(() => Promise.all([import('./editorForms.js'), loadDrawingSchemas()]).then(([forms]) => forms));
export const preloadEditorForms = (): void => void editorForms.preload().catch(() => undefined);

/**
 * One of those forms, drawn by `children` once the code is in. Before that, while `wanted` (the form
 * is open), a loading line says what is coming; a failed load says so and how to go on. Not wanted
 * and not in (a closed dialog): nothing. `inline` puts the line where the form goes (the properties
 * panel); otherwise it floats at the foot of the screen, as a dialog's place is not in the layout,
 * and a failure there also has a Close button (`onClose`, which closes the dialog that could not
 * come). A failure has Try again (asks for the code again).
 */
export function EditorForm({ wanted = true, what, inline = false, onClose, children }: {
  wanted?: boolean; what: string; inline?: boolean; onClose?: () => void; children: (forms: EditorForms) => ReactNode;
}) {
  const { module, failed, retry } = useLazyPart(editorForms, wanted);
  if (module) return children(module);
  if (!wanted) return null;
  const line = failed
    ? <Text size="sm" c="red.9" role="alert">{`${capitalised(what)} could not be loaded. Check the connection and try again, or reload the page.`}</Text>
    : <Text size="sm" role="status"><Loader size="xs" mr={6} />{`Loading ${what}…`}</Text>;
  const tryAgain = failed && <Button size="xs" variant="default" onClick={retry} style={{ flexShrink: 0 }}>Try again</Button>;
  return inline ? <Stack gap="xs" align="flex-start">{line}{tryAgain}</Stack> : (
    <Paper shadow="md" withBorder p="sm" style={{ position: 'fixed', left: '50%', bottom: 24, transform: 'translateX(-50%)', zIndex: POPOVER_Z_INDEX, maxWidth: 'calc(100vw - 32px)' }}>
      <Group gap="sm" wrap="nowrap">
        {line}
        {tryAgain}
        {failed && onClose && <Button size="xs" variant="default" onClick={onClose} style={{ flexShrink: 0 }}>Close</Button>}
      </Group>
    </Paper>
  );
}

const capitalised = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
