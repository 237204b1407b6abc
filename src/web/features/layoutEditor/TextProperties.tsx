import { Alert, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { memo, useState } from 'react';
import type { FontSize, TextBox } from '../../../domain/layout/drawing.js';
import { DRAWING_LIMITS } from '../../../domain/layout/drawingBasics.js';
import type { Editor } from '../../floorplan/engine/editor.js';
import { useDraftField } from './useDraftField.js';

/**
 * The selected text box in the properties panel: the text editor's fields (SPEC 2.9), saved through
 * editor.updateText. The font size applies at once; the text when the field is left (one undo step
 * for the whole edit, not one per letter).
 */
export const TextProperties = memo(function TextProperties({ text, index, editor }: { text: TextBox; index: number; editor: Editor }) {
  const [error, setError] = useState<string | null>(null);
  const apply = (patch: Partial<Pick<TextBox, 'text' | 'fontSize'>>) => {
    const result = editor.updateText(index, patch);
    setError(result.ok ? null : result.reason);
  };
  return (
    <Stack gap="sm">
      {error && <Alert color="red" role="alert" p="xs">{error}</Alert>}
      <TextBody key={`${index}:${text.text}`} value={text.text} onCommit={(value) => apply({ text: value })} />
      <div>
        <Text size="sm" fw={500} id="panel-font-size-label" mb={4}>Font size</Text>
        <SegmentedControl aria-labelledby="panel-font-size-label" size="sm" value={text.fontSize}
          onChange={(v) => apply({ fontSize: v as FontSize })}
          data={[{ value: 'small', label: 'Small' }, { value: 'large', label: 'Large' }]} />
      </div>
    </Stack>
  );
});

function TextBody({ value, onCommit }: { value: string; onCommit: (text: string) => void }) {
  const { draft, setDraft, commit, onKeyDown } = useDraftField(value, onCommit);
  return (
    <Textarea label="Text" placeholder="Text" size="sm" autosize minRows={2} maxRows={6} maxLength={DRAWING_LIMITS.textLength}
      value={draft} onChange={(e) => setDraft(e.currentTarget.value)} onBlur={commit} onKeyDown={(e) => onKeyDown(e, false)} />
  );
}
