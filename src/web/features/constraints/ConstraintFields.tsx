import { Fieldset, Group, NumberInput, Select, Text } from '@mantine/core';
import { CONSTRAINT_TYPE, parseConstraintNumber, type ConstraintType } from '../../../domain/advanceLimit.js';
import type { ConstraintDraft } from './constraintDraft.js';

const TYPE_OPTIONS = Object.entries(CONSTRAINT_TYPE).map(([label, value]) => ({ label, value: String(value) }));

/**
 * How far ahead rooms or desks may be booked: a Number of Weeks, Months or Years, for a site,
 * location or room or for the global settings. SPEC 5: the number is an integer, 0 if empty; what 0
 * means (the next level's limit, or no limit globally) differs by level, so the caller's
 * `description` says it.
 */
export function ConstraintFields({ legend, description, value, onChange }: {
  legend: string;
  description: string;
  value: ConstraintDraft;
  onChange: (next: ConstraintDraft) => void;
}) {
  return (
    <Fieldset legend={legend}>
      <Group align="flex-start" grow preventGrowOverflow={false}>
        <NumberInput
          label="Number"
          min={0}
          max={1000}
          allowDecimal={false}
          allowNegative={false}
          value={value.Number}
          onChange={(n) => onChange({ ...value, Number: parseConstraintNumber(n) })}
        />
        <Select
          label="Type"
          data={TYPE_OPTIONS}
          allowDeselect={false}
          value={String(value.Type)}
          onChange={(t) => onChange({ ...value, Type: Number(t ?? CONSTRAINT_TYPE.Month) as ConstraintType })}
        />
      </Group>
      <Text size="sm" c="dimmed" mt="xs">{description}</Text>
    </Fieldset>
  );
}
