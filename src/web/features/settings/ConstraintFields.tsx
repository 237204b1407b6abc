import { Fieldset, Group, NumberInput, Select, Text } from '@mantine/core';
import { CONSTRAINT_TYPE, type ConstraintType } from '../../../domain/advanceLimit.js';

export interface ConstraintValue { Number: number; Type: ConstraintType }

const TYPE_OPTIONS = Object.entries(CONSTRAINT_TYPE).map(([label, value]) => ({ label, value: String(value) }));

/** An advance-booking limit: how many weeks, months or years ahead. 0 means no limit (SPEC 5). */
export function ConstraintFields({ legend, value, onChange }: {
  legend: string;
  value: ConstraintValue;
  onChange: (next: ConstraintValue) => void;
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
          onChange={(n) => onChange({ ...value, Number: typeof n === 'number' ? n : 0 })}
        />
        <Select
          label="Type"
          data={TYPE_OPTIONS}
          allowDeselect={false}
          value={String(value.Type)}
          onChange={(t) => onChange({ ...value, Type: Number(t ?? CONSTRAINT_TYPE.Month) as ConstraintType })}
        />
      </Group>
      <Text size="sm" c="dimmed" mt="xs">How far ahead people may book where no site or location sets a limit. 0 means no limit.</Text>
    </Fieldset>
  );
}
