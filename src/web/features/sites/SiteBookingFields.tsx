import { Fieldset, Radio, Group, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { minutesLabel } from '../roomBooking/roomBookingView.js';
import { dayHourChoices, dayHoursError, emailError, parkingSpacesOf, type SiteDraft } from './siteForm.js';

const HOURS = dayHourChoices().map((m) => ({ value: String(m), label: minutesLabel(m) }));
const START_HOURS = HOURS.slice(0, -1);
const END_HOURS = HOURS.slice(1);

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
          <Select label="Calendar day starts" data={START_HOURS} value={String(draft.DayStartMinutes)} allowDeselect={false} maxDropdownHeight={260}
            description="The first hour the room calendars and the Reception View show."
            onChange={(v) => v !== null && set('DayStartMinutes', Number(v))} />
          <Select label="Calendar day ends" data={END_HOURS} value={String(draft.DayEndMinutes)} allowDeselect={false} maxDropdownHeight={260}
            description="Booking rules do not change with these hours." error={dayHoursError(draft)}
            onChange={(v) => v !== null && set('DayEndMinutes', Number(v))} />
        </SimpleGrid>
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
