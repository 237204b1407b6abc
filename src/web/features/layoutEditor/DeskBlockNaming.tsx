import { NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { Drawing } from '../../../domain/layout/drawing.js';
import {
  DEFAULT_NAMING,
  MAX_DESK_NUMBER,
  PATTERN_HELP,
  resolveNaming,
  type NamingForm,
  type NamingMode,
  type ResolvedNaming,
} from '../../floorplan/engine/deskBlockNames.js';

export function useNamingForm(floor: string, drawing: Pick<Drawing, 'desks'>) {
  const [form, setForm] = useState<NamingForm>(DEFAULT_NAMING);
  const resolved = useMemo(() => resolveNaming(form, floor, drawing), [form, floor, drawing]);
  return { form, setForm, resolved };
}

/**
 * How new names are made: a pattern ({floor}-{n:03}) or a prefix and a number, and the number to
 * start from. An empty start continues from the floor's highest number, so a second block never
 * repeats the first one's names.
 */
export function DeskBlockNamingFields({ form, onChange, resolved }: {
  form: NamingForm;
  onChange: (next: NamingForm) => void;
  resolved: ResolvedNaming;
}) {
  const set = (patch: Partial<NamingForm>) => onChange({ ...form, ...patch });
  const patternError = !resolved.ok && resolved.next === null ? resolved.message : undefined;
  const startError = !resolved.ok && resolved.next !== null ? resolved.message : undefined;
  return (
    <Stack gap="xs">
      <SegmentedControl size="xs" value={form.mode} onChange={(v) => set({ mode: v as NamingMode })} aria-label="How to name the desks"
        data={[{ value: 'pattern', label: 'Pattern' }, { value: 'prefix', label: 'Prefix + number' }]} />
      {form.mode === 'pattern' ? (
        <TextInput label="Name pattern" value={form.pattern} onChange={(e) => set({ pattern: e.currentTarget.value })}
          description={PATTERN_HELP} error={patternError} spellCheck={false} autoComplete="off" />
      ) : (
        <TextInput label="Prefix" value={form.prefix} onChange={(e) => set({ prefix: e.currentTarget.value })}
          description="Names are the prefix and a number: Desk 1, Desk 2, ..." error={patternError} spellCheck={false} autoComplete="off" />
      )}
      <NumberInput label="Start at" value={form.start} onChange={(v) => set({ start: v })} min={0} max={MAX_DESK_NUMBER}
        allowDecimal={false} allowNegative={false} error={startError}
        placeholder={resolved.next !== null ? `${resolved.next} (next free)` : undefined}
        description={resolved.next !== null
          ? `Empty: continue after the floor's highest number (${resolved.next})`
          : 'Empty: continue after the floor\'s highest number'} />
    </Stack>
  );
}

/** "A-001 … A-200 (200 desks)" for the live preview. */
export function NamesPreview({ first, last, count }: { first: string; last: string; count: number }) {
  return (
    <Text size="sm" aria-live="polite" data-testid="desk-block-preview">
      {count === 1 ? `1 desk: ${first}` : `${count.toLocaleString('en')} desks: ${first} … ${last}`}
    </Text>
  );
}
