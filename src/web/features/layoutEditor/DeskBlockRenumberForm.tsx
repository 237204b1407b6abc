import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import type { Desk, Drawing } from '../../../domain/layout/drawing.js';
import { renumber, renumberProblems } from '../../floorplan/engine/deskBlock.js';
import { formatName } from '../../floorplan/engine/deskBlockNames.js';
import { DeskBlockNamingFields, NamesPreview, useNamingForm } from './DeskBlockNaming.js';

export interface DeskBlockRenumberFormProps {
  drawing: Drawing;
  floor: string;
  /** The selected desks, top row first, left to right. */
  desks: readonly Desk[];
  /** Renames (one undo step); answers why not when refused. */
  onRename: (names: Map<string, string>) => string | null;
  onCancel: () => void;
}

/**
 * Renumber selection (issue 21, point 2): the selected desks get names from a pattern in reading
 * order. Their own current names do not count as taken, so renumbering A-001..A-010 from 1 again works.
 */
export function DeskBlockRenumberForm({ drawing, floor, desks, onRename, onCancel }: DeskBlockRenumberFormProps) {
  // "Continue from the highest number" looks past the desks being renamed: their names are about to go.
  const others = useMemo(() => {
    const renaming = new Set(desks.map((d) => d.id));
    return { desks: drawing.desks.filter((d) => !renaming.has(d.id)) };
  }, [desks, drawing]);
  const naming = useNamingForm(floor, others);
  const [refusal, setRefusal] = useState<string | null>(null);
  const resolved = naming.resolved;
  const problems = useMemo(
    () => (resolved.ok ? renumberProblems(desks, resolved.pattern, resolved.start, { floor, drawing }) : []),
    [resolved, desks, floor, drawing],
  );
  const ready = resolved.ok && problems.length === 0;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!resolved.ok || !ready) return;
    setRefusal(onRename(renumber(desks, resolved.pattern, resolved.start, { floor, drawing })));
  };

  return (
    <form onSubmit={submit} aria-label="Renumber selection">
      <Stack gap="sm">
        <Text size="sm">
          {desks.length === 0
            ? 'No desks are selected. Select desks on the drawing (drag a box around them or Shift+click), then renumber.'
            : `${desks.length.toLocaleString('en')} selected ${desks.length === 1 ? 'desk is' : 'desks are'} renamed in reading order: top row first, left to right.`}
        </Text>
        <DeskBlockNamingFields form={naming.form} onChange={(f) => { setRefusal(null); naming.setForm(f); }} resolved={resolved} />
        {resolved.ok && desks.length > 0 && (
          <NamesPreview count={desks.length} first={formatName(resolved.pattern, resolved.start, floor)}
            last={formatName(resolved.pattern, resolved.start + desks.length - 1, floor)} />
        )}
        {[...(desks.length > 0 ? problems : []), ...(refusal ? [refusal] : [])].map((p) => (
          <Alert key={p} color="red" p="xs" aria-live="polite"><Text size="sm">{p}</Text></Alert>
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>Cancel</Button>
          <Button type="submit" disabled={!ready}>Renumber {desks.length > 0 ? desks.length.toLocaleString('en') : ''} desks</Button>
        </Group>
      </Stack>
    </form>
  );
}
