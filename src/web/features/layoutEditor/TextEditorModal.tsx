import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { FontSize, TextBox } from '../../../domain/layout/drawing.js';
import { DRAWING_LIMITS } from '../../../domain/layout/drawingBasics.js';
import type { EditResult } from '../../floorplan/engine/document.js';

export interface TextEditorModalProps {
  text: TextBox;
  onSave: (patch: { text: string; fontSize: FontSize }) => EditResult;
  onClose: () => void;
}

/** The text editor (SPEC 2.9): multi-line text and a font size of Small or Large. */
export function TextEditorModal({ text, onSave, onClose }: TextEditorModalProps) {
  const [value, setValue] = useState(text.text);
  const [fontSize, setFontSize] = useState<FontSize>(text.fontSize);
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = onSave({ text: value, fontSize });
    if (result.ok) onClose();
    else setError(result.reason);
  };

  return (
    <Modal opened onClose={onClose} title="Edit text">
      <form onSubmit={submit}>
        <Stack>
          {error && <Alert color="red" role="alert">{error}</Alert>}
          <Textarea label="Text" placeholder="Text" autosize minRows={3} maxRows={10} maxLength={DRAWING_LIMITS.textLength}
            value={value} onChange={(e) => setValue(e.currentTarget.value)} data-autofocus />
          <div>
            <Text size="sm" fw={500} id="text-font-size-label" mb={4}>Font size</Text>
            <SegmentedControl aria-labelledby="text-font-size-label" value={fontSize} onChange={(v) => setFontSize(v as FontSize)}
              data={[{ value: 'small', label: 'Small' }, { value: 'large', label: 'Large' }]} />
          </div>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit">Save</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
