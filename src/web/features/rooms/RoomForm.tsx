import { Alert, Button, Fieldset, Group, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { TAG_TYPE } from '../../../domain/orgAccess.js';
import type { PersonRef, TeamRef } from '../../../domain/wire/people.js';
import type { RestrictionValue } from '../restrictions/index.js';
import type { Room } from '../../../domain/wire/rooms.js';
import { SETTINGS_QUERY_KEY } from '../../app/useSettings.js';
import { ConstraintFields } from '../constraints/index.js';
import { checkInOptions, type CheckInChoice } from '../locations/checkInSetting.js';
import { RestrictionSection } from '../restrictions/index.js';
import { messageOf } from '../sites/errorText.js';
import { TagPicker, usePlaceTags } from '../tags/index.js';
import {
  adminInputFromDraft, approverInputFromDraft, capacityError, descriptionsAllowed, DESCRIPTIONS_HELP, DESCRIPTIONS_LABEL,
  DESCRIPTIONS_NOT_ALLOWED, draftFromRoom, nameError, ROOM_TYPE_OPTIONS, type RoomDraft,
} from './roomForm.js';
import { createRoom, roomKey, updateRoom } from './roomsApi.js';
import { notifyDone, notifyFailed } from '../sites/notify.js';

/** Checks a room approver's edit before it happens; each returns false (and explains) to refuse. */
export interface ApproverGuards {
  beforeRemoveUser: (p: PersonRef, current: RestrictionValue) => boolean;
  beforeRemoveTeam: (t: TeamRef, current: RestrictionValue) => boolean;
  beforeTurnOff: (current: RestrictionValue) => boolean;
}

/**
 * The room editor (SPEC 2.9). Admins edit everything; a room approver ('approver' mode) edits the
 * room's details and approvers, and the guards stop them removing themselves (SPEC 5).
 */
export function RoomForm({ room, locationId, mode, guards, onDone, onCancel, onSaveError }: {
  room: Room | null;
  /** The location a new room is created in. */
  locationId: number;
  mode: 'admin' | 'approver';
  guards?: ApproverGuards;
  onDone: (saved: Room) => void;
  onCancel: () => void;
  /** Lets the approver screen turn the server's refusal into its alert; return true when handled. */
  onSaveError?: (err: unknown) => boolean;
}) {
  const queryClient = useQueryClient();
  const admin = mode === 'admin';
  const [draft, setDraft] = useState<RoomDraft>(() => draftFromRoom(room));
  const [tried, setTried] = useState(false);
  const set = <K extends keyof RoomDraft>(key: K, value: RoomDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  // Tag assignment is an admin call; approvers do not see tags.
  const tags = usePlaceTags('room', admin ? room?.Id ?? null : null);

  const save = useMutation({
    mutationFn: () => {
      const input = admin ? adminInputFromDraft(draft, room ? undefined : locationId) : approverInputFromDraft(draft);
      return room ? updateRoom(room.Id, input) : createRoom(input);
    },
    onSuccess: async (saved) => {
      queryClient.setQueryData(roomKey(saved.Id), saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['rooms'] }),
        queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY }),
      ]);
      try {
        if (admin) await tags.save(saved.Id);
        notifyDone(`Room ${saved.Name} saved`);
      } catch (err) {
        notifyFailed(`Room saved, but its tags could not be saved: ${messageOf(err)}`);
      }
      onDone(saved);
    },
    onError: (err) => void onSaveError?.(err),
  });

  const errors = { Name: nameError(draft), Capacity: capacityError(draft) };
  const publicAllowed = descriptionsAllowed(draft);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!errors.Name && !errors.Capacity) save.mutate();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {save.error && <Alert color="red" role="alert">{`Unable to save room: ${messageOf(save.error)}`}</Alert>}
        <Fieldset legend="Room details">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Room Name" withAsterisk value={draft.Name} maxLength={200}
                onChange={(e) => set('Name', e.currentTarget.value)} error={tried ? errors.Name : null} />
              {admin && (
                <Select label="Room type" data={ROOM_TYPE_OPTIONS} value={draft.RoomType}
                  onChange={(v) => set('RoomType', v ?? '0')} allowDeselect={false} />
              )}
              <TextInput label="Capacity" withAsterisk inputMode="numeric" value={draft.Capacity} description="1 to 900 people"
                onChange={(e) => set('Capacity', e.currentTarget.value)} error={tried ? errors.Capacity : null} />
            </SimpleGrid>
            <Textarea label="Equipment" value={draft.Equipment} onChange={(e) => set('Equipment', e.currentTarget.value)} autosize minRows={2} maxLength={4000} />
            <Textarea label="Notes" value={draft.Notes} onChange={(e) => set('Notes', e.currentTarget.value)} autosize minRows={2} maxLength={4000} />
            {admin && (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Switch label="Hidden" description="Left out of booking lists." checked={draft.Hidden} onChange={(e) => set('Hidden', e.currentTarget.checked)} />
                <Switch label="Disabled" description="Cannot be booked." checked={draft.Disabled} onChange={(e) => set('Disabled', e.currentTarget.checked)} />
              </SimpleGrid>
            )}
            {admin && (
              <Select label="Room check-ins" data={checkInOptions('location', room && room.RoomCheckInsSetting === null ? room.RoomCheckIns : null)} value={draft.checkIns}
                onChange={(v) => set('checkIns', (v ?? 'inherit') as CheckInChoice)} allowDeselect={false} />
            )}
            <Switch label={DESCRIPTIONS_LABEL} disabled={!publicAllowed} checked={publicAllowed && draft.showDescriptions}
              description={publicAllowed ? DESCRIPTIONS_HELP : DESCRIPTIONS_NOT_ALLOWED}
              onChange={(e) => set('showDescriptions', e.currentTarget.checked)} />
          </Stack>
        </Fieldset>
        {admin && (
          <ConstraintFields legend="Room booking limit" value={draft.constraint} onChange={(c) => set('constraint', c)}
            description="How far ahead this room may be booked. 0 uses the location's limit." />
        )}
        <RestrictionSection kind="room" value={draft.room} onChange={(v) => set('room', v)}
          beforeRemoveUser={guards && ((p) => guards.beforeRemoveUser(p, draft.room))}
          beforeRemoveTeam={guards && ((t) => guards.beforeRemoveTeam(t, draft.room))}
          beforeTurnOff={guards && (() => guards.beforeTurnOff(draft.room))}
          help="Bookings by people who are not room admins become requests that a room admin approves." />
        {admin && <TagPicker label="Room tags" type={TAG_TYPE.Room} value={tags.tags} onChange={tags.setTags} loading={tags.loading} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>Cancel</Button>
          <Button type="submit" loading={save.isPending}>Save</Button>
        </Group>
      </Stack>
    </form>
  );
}
