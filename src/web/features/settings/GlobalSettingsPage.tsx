import { Button, Group, Paper, Stack, Switch } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { GlobalSettings } from '../../../domain/wire/settings.js';
import { BackToMenu } from '../../app/shell/BackToMenu.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { useLoadedSettings } from '../../app/useLoadedSettings.js';
import { ConstraintFields } from '../constraints/index.js';
import { NamesOnMapField } from './NamesOnMapField.js';
import { useSaveGlobalSettings } from './useSaveGlobalSettings.js';

const GLOBAL_LIMIT_HELP = 'How far ahead people may book where no site or location sets a limit. 0 means no limit.';

/** Global settings (admin): booking switches, maintenance mode, names on the desk map and the global advance-booking limits. */
export function GlobalSettingsPage() {
  const { settings } = useLoadedSettings();
  // The form starts from the loaded settings and is the person's own draft until saved.
  const [form, setForm] = useState<GlobalSettings>(() => ({
    MaintenanceMode: settings.MaintenanceMode,
    RoomBookingEnabled: settings.RoomBookingEnabled,
    DeskBookingEnabled: settings.DeskBookingEnabled,
    GlobalDeskConstraint: settings.GlobalDeskConstraint,
    GlobalRoomConstraint: settings.GlobalRoomConstraint,
    NamesOnMap: settings.NamesOnMap,
  }));
  const save = useSaveGlobalSettings();
  const set = <K extends keyof GlobalSettings>(key: K, value: GlobalSettings[K]) => setForm((f) => ({ ...f, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form);
  };

  return (
    <Panel>
      <PageHeading>Global Settings</PageHeading>
      <Paper withBorder p="lg" component="form" onSubmit={submit}>
        <Stack gap="lg">
          <Stack gap="sm">
            <Switch label="Maintenance mode" description="Pauses new bookings for everyone." checked={form.MaintenanceMode}
              onChange={(e) => set('MaintenanceMode', e.currentTarget.checked)} />
            <Switch label="Room booking enabled" checked={form.RoomBookingEnabled}
              onChange={(e) => set('RoomBookingEnabled', e.currentTarget.checked)} />
            <Switch label="Desk booking enabled" checked={form.DeskBookingEnabled}
              onChange={(e) => set('DeskBookingEnabled', e.currentTarget.checked)} />
          </Stack>
          <NamesOnMapField value={form.NamesOnMap} onChange={(v) => set('NamesOnMap', v)} />
          <ConstraintFields legend="Desk booking limit" description={GLOBAL_LIMIT_HELP} value={form.GlobalDeskConstraint}
            onChange={(c) => set('GlobalDeskConstraint', { ...form.GlobalDeskConstraint, ...c })} />
          <ConstraintFields legend="Room booking limit" description={GLOBAL_LIMIT_HELP} value={form.GlobalRoomConstraint}
            onChange={(c) => set('GlobalRoomConstraint', { ...form.GlobalRoomConstraint, ...c })} />
          <Group justify="space-between">
            <BackToMenu to="/menu/settings" label="Back to Settings" />
            <Button type="submit" loading={save.isPending}>Save</Button>
          </Group>
        </Stack>
      </Paper>
    </Panel>
  );
}
