import { Radio, Stack, Text } from '@mantine/core';
import type { NamesOnMap } from '../../../domain/wire/settings.js';

const CHOICES: { value: NamesOnMap; label: string; description: string }[] = [
  { value: 'teammates', label: 'Teammates only', description: 'People see the names of those who share a team with them.' },
  { value: 'everyone', label: 'Everyone', description: 'Every signed-in person sees who sits where.' },
  { value: 'off', label: 'Off', description: 'Taken desks show "Taken"; the Who\'s in list stays empty.' },
];

/**
 * The organisation's names setting (issue 20): whose names show at desks on the map and in "Who's in".
 * A person who hides their name in their profile stays hidden whatever is chosen here.
 */
export function NamesOnMapField({ value, onChange }: { value: NamesOnMap; onChange: (v: NamesOnMap) => void }) {
  return (
    <Radio.Group
      label="Names on the desk map and in Who's in"
      description="Anyone can still hide their own name in My Profile. Check-in and other public pages never show names."
      value={value}
      onChange={(v) => onChange(v as NamesOnMap)}
    >
      <Stack gap="xs" mt="xs">
        {CHOICES.map((c) => (
          <Radio key={c.value} value={c.value} label={c.label} description={<Text span size="xs">{c.description}</Text>} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
