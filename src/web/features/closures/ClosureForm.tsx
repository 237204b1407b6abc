import { Alert, Button, Checkbox, Group, MultiSelect, Paper, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { CLOSURE_LIMITS, type ClosurePreview } from '../../../domain/wire/closures.js';
import { ApiError } from '../../app/api.js';
import { DayInput } from '../appShell/DayInput.js';
import { TimeOfDaySelect } from '../appShell/TimeOfDaySelect.js';
import { AffectedBookingsList } from './AffectedBookingsList.js';
import { closuresKey, confirmLabel, staleAfterClosureChange, createClosure, previewClosure } from './closuresApi.js';
import { initialForm, toClosureInput, type ClosureFormState } from './closureFormState.js';
import { useSitePlaces } from './useSitePlaces.js';

/**
 * A new closure: where (the whole site, or floors, rooms and desks), when (days and times on the
 * site's clock), why. "Preview" asks the server which bookings it would cancel; only then can it be
 * confirmed, with the preview's token, so a list that changed meanwhile is shown again (409).
 */
export function ClosureForm({ siteId, timeZone, onDone }: { siteId: number; timeZone: string; onDone: (message: string) => void }) {
  const [form, setForm] = useState<ClosureFormState>(() => initialForm(timeZone));
  const [preview, setPreview] = useState<ClosurePreview | null>(null);
  const places = useSitePlaces(siteId);
  const client = useQueryClient();
  const set = (patch: Partial<ClosureFormState>) => { setForm((f) => ({ ...f, ...patch })); setPreview(null); };

  const previewing = useMutation({ mutationFn: () => previewClosure(toClosureInput(siteId, form, timeZone)), onSuccess: setPreview });
  const creating = useMutation({
    mutationFn: (token: string) => createClosure({ ...toClosureInput(siteId, form, timeZone), Token: token }),
    onSuccess: async (res) => {
      await client.invalidateQueries({ queryKey: closuresKey(siteId) });
      for (const queryKey of staleAfterClosureChange) void client.invalidateQueries({ queryKey });
      setForm(initialForm(timeZone));
      setPreview(null);
      onDone(res.CancelledCount === 0 ? 'Closure created.' : `Closure created; ${res.CancelledCount} ${res.CancelledCount === 1 ? 'booking' : 'bookings'} cancelled.`);
    },
    onError: (err) => { if (err instanceof ApiError && err.status === 409) previewing.mutate(); },
  });
  const error = (creating.error ?? previewing.error) as ApiError | Error | null;
  const fieldErrors = error instanceof ApiError ? error.fieldErrors ?? {} : {};
  const submit = (e: FormEvent) => { e.preventDefault(); creating.reset(); previewing.mutate(); };

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} component="form" onSubmit={submit} aria-labelledby="new-closure-title">
      <Stack>
        <Title order={2} size="h4" id="new-closure-title">New closure</Title>
        <SegmentedControl aria-label="What to close" value={form.wholeSite ? 'site' : 'places'}
          data={[{ value: 'site', label: 'Whole site' }, { value: 'places', label: 'Some places' }]}
          onChange={(v) => set({ wholeSite: v === 'site' })} />
        {!form.wholeSite && (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <MultiSelect label="Floors" placeholder={places.loading ? 'Loading…' : 'Any'} searchable data={places.floors} value={form.floors}
              onChange={(v) => set({ floors: v })} error={fieldErrors['Scope.LocationIds']} nothingFoundMessage="No floors" />
            <MultiSelect label="Rooms" placeholder="Any" searchable data={places.rooms} value={form.rooms}
              onChange={(v) => set({ rooms: v })} error={fieldErrors['Scope.RoomIds']} nothingFoundMessage="No rooms" />
            <MultiSelect label="Desks" placeholder="Any" searchable data={places.desks} value={form.desks} limit={200}
              onChange={(v) => set({ desks: v })} error={fieldErrors['Scope.Desks']} nothingFoundMessage="No desks" />
          </SimpleGrid>
        )}
        {fieldErrors.Scope && <Text c="red" size="sm">{fieldErrors.Scope}</Text>}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Group grow align="flex-start" wrap="nowrap">
            <DayInput label="From" required value={form.startDay} onChange={(v) => { if (v) set({ startDay: v, endDay: v > form.endDay ? v : form.endDay }); }} />
            <TimeOfDaySelect label="Time" value={form.startMinutes} onChange={(m) => set({ startMinutes: m })} />
          </Group>
          <Group grow align="flex-start" wrap="nowrap">
            <DayInput label="Until" required value={form.endDay} minDate={form.startDay} error={fieldErrors.End}
              onChange={(v) => { if (v) set({ endDay: v }); }} />
            <TimeOfDaySelect label="Time" value={form.endMinutes} onChange={(m) => set({ endMinutes: m })} />
          </Group>
        </SimpleGrid>
        <TextInput label="Reason" description="Shown to people who try to book, and in the cancellation mail" required
          maxLength={CLOSURE_LIMITS.reasonMax} value={form.reason} onChange={(e) => set({ reason: e.currentTarget.value })} error={fieldErrors.Reason} />
        <Checkbox label="Repeats every year (a holiday)" checked={form.repeatsYearly} onChange={(e) => set({ repeatsYearly: e.currentTarget.checked })} />
        {error && !(error instanceof ApiError && error.fieldErrors) && <Alert color="red" role="alert">{error.message}</Alert>}
        {preview && <AffectedBookingsList preview={preview} timeZone={timeZone} />}
        <Group justify="flex-end">
          {preview ? (
            <>
              <Button variant="default" onClick={() => setPreview(null)}>Change</Button>
              <Button color={preview.Count > 0 ? 'red' : undefined} loading={creating.isPending} onClick={() => creating.mutate(preview.Token)}>
                {confirmLabel(preview.Count)}
              </Button>
            </>
          ) : (
            <Button type="submit" loading={previewing.isPending} disabled={form.reason.trim() === ''}>Preview</Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
