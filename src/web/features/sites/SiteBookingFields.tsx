import { Fieldset, Radio, Group, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { emailError, parkingSpacesOf, type SiteDraft } from './siteForm.js';

type Set = <K extends keyof SiteDraft>(key: K, value: SiteDraft[K]) => void;

/** Booking switches, booking period, check-ins, parking and the approvals notification e-mail. */
export function SiteBookingFields({ draft, set }: { draft: SiteDraft; set: Set }) {
  return (
    <Fieldset legend="Booking">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Switch label="Room booking enabled" checked={draft.RoomBookingEnabled} onChange={(e) => set('RoomBookingEnabled', e.currentTarget.checked)} />
          <Switch label="Desk booking enabled" checked={draft.DeskBookingEnabled} onChange={(e) => set('DeskBookingEnabled', e.currentTarget.checked)} />
          <Switch label="Room check-ins" description="Meetings not checked in to are cancelled automatically."
            checked={draft.RoomCheckIns} onChange={(e) => set('RoomCheckIns', e.currentTarget.checked)} />
          <Switch label="Site level parking" checked={draft.SiteLevelParking} onChange={(e) => set('SiteLevelParking', e.currentTarget.checked)} />
        </SimpleGrid>
        <Radio.Group label="Booking period" value={draft.WorkWeekOnly ? 'work' : 'full'} onChange={(v) => set('WorkWeekOnly', v === 'work')}>
          <Group mt={4}>
            <Radio value="work" label="Work Week" />
            <Radio value="full" label="Full Week" />
          </Group>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {/* Text, not a number input: anything that is not a whole number is saved as 0 (SPEC 5), shown on blur. */}
          <TextInput label="Parking spaces" inputMode="numeric" value={draft.ParkingSpaces} disabled={!draft.SiteLevelParking}
            description="A whole number; anything else is saved as 0."
            onChange={(e) => set('ParkingSpaces', e.currentTarget.value)}
            onBlur={() => set('ParkingSpaces', String(parkingSpacesOf(draft.ParkingSpaces)))} />
          <TextInput label="Notification e-mail" type="email" value={draft.NotificationEmail} maxLength={254}
            description="Room requests at this site are announced here."
            onChange={(e) => set('NotificationEmail', e.currentTarget.value)} error={emailError(draft)} />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}
