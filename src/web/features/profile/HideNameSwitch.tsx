import { Anchor, Stack, Switch } from '@mantine/core';
import { Link } from 'react-router';

/**
 * The person's own privacy choice (issue 20): hide their name from others on the desk map and in
 * "Who's in". It wins over the organisation's setting; saved with the rest of the profile. The link
 * sits outside the switch's label and description, so nothing interactive is nested in the control.
 */
export function HideNameSwitch({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <Stack gap={4}>
      <Switch
        label="Hide my name on the desk map"
        description="Others then see your desk as “Taken” and you are left out of their Who's in list."
        checked={checked}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      <Anchor component={Link} to="/privacy" size="sm" ml={52}>Who sees names at desks</Anchor>
    </Stack>
  );
}
