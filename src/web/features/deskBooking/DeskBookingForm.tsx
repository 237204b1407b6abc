import { Alert, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import type { FormEvent, Ref } from 'react';

/** The optional fields and Save (SPEC 2.4), for the desk chosen in the panel. */
export function DeskBookingForm({
  choice, description, onDescription, onBehalfOf, onOnBehalfOf, emailError, onEmailBlur, hasParking, includeParking, onIncludeParking,
  saveError, errorRef, canSave, saving, onSubmit,
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
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Book the desk">
      <Stack gap="sm">
        <Text fw={600} id="desk-choice">{choice}</Text>
        <TextInput label="Reason (optional)" value={description} maxLength={500} onChange={(e) => onDescription(e.currentTarget.value)} />
        <TextInput label="On behalf of (optional)" description="The e-mail address of the person the desk is for" type="email"
          value={onBehalfOf} error={emailError} autoComplete="off"
          onChange={(e) => onOnBehalfOf(e.currentTarget.value)} onBlur={onEmailBlur} />
        {hasParking && <Checkbox label="Include parking" checked={includeParking} onChange={(e) => onIncludeParking(e.currentTarget.checked)} />}
        {saveError && (
          <Alert color="red" role="alert" ref={errorRef} tabIndex={-1} title="Not booked" styles={{ title: { color: '#8a1c1c' }, label: { color: '#8a1c1c' } }}>{saveError}</Alert>
        )}
        <Group>
          <Button type="submit" disabled={!canSave} loading={saving} aria-describedby="desk-choice">Save</Button>
        </Group>
      </Stack>
    </form>
  );
}
