import { Alert, Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { TAG_TYPE } from '../../../domain/orgAccess.js';
import type { Location } from '../../../domain/wire/locations.js';
import { SETTINGS_QUERY_KEY } from '../../app/useSettings.js';
import { ConstraintFields } from '../constraints/index.js';
import { RestrictionSection } from '../restrictions/index.js';
import { messageOf } from '../sites/errorText.js';
import { TagPicker, usePlaceTags } from '../tags/index.js';
import { checkInOptions, type CheckInChoice } from './checkInSetting.js';
import { draftFromLocation, inputFromLocationDraft, locationTitleError, type LocationDraft } from './locationForm.js';
import { createLocation, locationsKey, updateLocation } from './locationsApi.js';
import { notifyDone, notifyFailed } from '../sites/notify.js';

/**
 * The location editor (SPEC 2.9): title, building, check-ins, booking limits, restrictions and
 * tags. Used in the New location dialog and on the Edit location page.
 */
export function LocationForm({ siteId, location, siteRoomCheckIns, onDone, onCancel }: {
  siteId: number;
  location: Location | null;
  /** The site's check-in setting, to say what "Same as the site" means. */
  siteRoomCheckIns: boolean | null;
  onDone: (saved: Location) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<LocationDraft>(() => draftFromLocation(location));
  const [tried, setTried] = useState(false);
  const set = <K extends keyof LocationDraft>(key: K, value: LocationDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const tags = usePlaceTags('location', location?.Id ?? null);

  const save = useMutation({
    mutationFn: () => (location ? updateLocation(location.Id, inputFromLocationDraft(draft)) : createLocation(siteId, inputFromLocationDraft(draft))),
    onSuccess: async (saved) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: locationsKey(siteId) }),
        // Room admin lists may name the person editing: their approver flag can change (SPEC 6).
        queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY }),
      ]);
      try {
        await tags.save(saved.Id);
        notifyDone(`Location ${saved.Title} saved`);
      } catch (err) {
        notifyFailed(`Location saved, but its tags could not be saved: ${messageOf(err)}`);
      }
      onDone(saved);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (locationTitleError(draft) === null) save.mutate();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {save.error && <Alert color="red" role="alert">{`Unable to save location: ${messageOf(save.error)}`}</Alert>}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Title" withAsterisk value={draft.Title} maxLength={200} data-autofocus
            onChange={(e) => set('Title', e.currentTarget.value)} onBlur={() => setTried(true)}
            error={tried ? locationTitleError(draft) : null} />
          <TextInput label="Building name or number" value={draft.BuildingNameNo} maxLength={200}
            onChange={(e) => set('BuildingNameNo', e.currentTarget.value)} />
        </SimpleGrid>
        <Select label="Room check-ins" data={checkInOptions('site', siteRoomCheckIns)} value={draft.checkIns}
          onChange={(v) => set('checkIns', (v ?? 'inherit') as CheckInChoice)} allowDeselect={false} />
        <ConstraintFields legend="Room booking limit" value={draft.roomConstraint} onChange={(c) => set('roomConstraint', c)}
          description="How far ahead rooms here may be booked. 0 uses the site's limit." />
        <ConstraintFields legend="Desk booking limit" value={draft.deskConstraint} onChange={(c) => set('deskConstraint', c)}
          description="How far ahead desks here may be booked. 0 uses the site's limit." />
        <RestrictionSection kind="room" value={draft.room} onChange={(v) => set('room', v)} />
        <RestrictionSection kind="desk" value={draft.desk} onChange={(v) => set('desk', v)} />
        <TagPicker label="Location tags" type={TAG_TYPE.Location} value={tags.tags} onChange={tags.setTags} loading={tags.loading} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>Cancel</Button>
          <Button type="submit" loading={save.isPending}>Save</Button>
        </Group>
      </Stack>
    </form>
  );
}
