import { Alert, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, type FormEvent, type Ref } from 'react';
import { whenIdle } from '../../app/whenIdle.js';
import { preloadRepeatDetails, RepeatControl, SeriesBookedDialog, SeriesPreviewList, useDeskSeries, type DeskRepeatProps } from '../bookingSeries/index.js';

/** The optional fields and Save (SPEC 2.4), for the desk chosen in the panel. */
export function DeskBookingForm({
  choice, description, onDescription, onBehalfOf, onOnBehalfOf, emailError, onEmailBlur, hasParking, includeParking, onIncludeParking,
  saveError, errorRef, canSave, saving, onSubmit, repeat,
}: {
  /** 'Selected: Desk 3, 09:00 to 12:30' or the hint to pick one. */
  choice: string;
  description: string;
  onDescription: (v: string) => void;
  onBehalfOf: string;
  onOnBehalfOf: (v: string) => void;
  emailError: string | null;
  onEmailBlur: () => void;
  hasParking: boolean;
  includeParking: boolean;
  onIncludeParking: (v: boolean) => void;
  saveError: string | null;
  errorRef: Ref<HTMLDivElement>;
  canSave: boolean;
  saving: boolean;
  onSubmit: (e: FormEvent) => void;
  /** Repeating (issue 22): with Repeat on, the button checks the dates and the chosen ones are booked as a series. */
  repeat?: DeskRepeatProps;
}) {
  const series = useDeskSeries(repeat ?? { input: null, timeZone: undefined, onBooked: () => undefined });
  const { flow } = series;
  // A desk chosen: the Repeat choices may be next, so their chunk starts loading (off the first load),
  // once the browser is idle: a screen opened on a desk would otherwise do it in its first frame.
  const deskChosen = Boolean(repeat?.input);
  useEffect(() => (deskChosen ? whenIdle(preloadRepeatDetails) : undefined), [deskChosen]);
  const submit = (e: FormEvent) => {
    if (!flow.on) return onSubmit(e);
    e.preventDefault();
    if (series.ready) flow.checkDates();
  };
  const deskName = flow.booked?.Booked[0]?.DeskName;
  return (
    <form onSubmit={submit} noValidate aria-label="Book the desk" onFocus={preloadRepeatDetails}>
      <Stack gap="sm">
        <Text fw={600} id="desk-choice">{choice}</Text>
        <TextInput label="Reason (optional)" value={description} maxLength={500} onChange={(e) => onDescription(e.currentTarget.value)} />
        <TextInput label="On behalf of (optional)" description="The e-mail address of the person the desk is for" type="email"
          value={onBehalfOf} error={emailError} autoComplete="off"
          onChange={(e) => onOnBehalfOf(e.currentTarget.value)} onBlur={onEmailBlur} />
        {hasParking && <Checkbox label="Include parking" checked={includeParking} onChange={(e) => onIncludeParking(e.currentTarget.checked)} />}
        {repeat && <RepeatControl draft={flow.draft} onChange={flow.setDraft} firstDate={series.firstDate} errors={flow.errors} words={flow.words} />}
        {saveError && (
          <Alert color="red" role="alert" ref={errorRef} tabIndex={-1} title="Not booked" styles={{ title: { color: '#8a1c1c' }, label: { color: '#8a1c1c' } }}>{saveError}</Alert>
        )}
        {flow.on && !flow.preview && flow.formError && (
          <Alert color="red" role="alert" title="Unable to check the dates" styles={{ title: { color: '#8a1c1c' }, message: { color: '#8a1c1c' } }}>{flow.formError}</Alert>
        )}
        <Group>
          <Button type="submit" disabled={!canSave} loading={saving || flow.checking} aria-describedby="desk-choice">{flow.on ? 'Check dates' : 'Save'}</Button>
        </Group>
        {flow.on && series.ready && <SeriesPreviewList flow={flow} timeZone={series.timeZone} />}
      </Stack>
      <SeriesBookedDialog booked={flow.booked} what={deskName ? (/^desk\b/i.test(deskName) ? deskName : `Desk ${deskName}`) : 'the desk'}
        timeZone={series.timeZone} words={flow.bookedWords} onDone={flow.dismissBooked} />
    </form>
  );
}
