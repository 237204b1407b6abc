import { Alert, Button, Group, NumberInput, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { AUDIT_MONTHS_MAX, BOOKING_RETENTION_MONTHS_MAX, type RetentionSettings } from '../../../domain/wire/audit.js';
import { ApiError } from '../../app/api.js';
import { getRetention, saveRetention } from './auditApi.js';

/** Suggested when an admin turns booking retention on: two years, as many organisations' policies say. */
const SUGGESTED_BOOKING_MONTHS = 24;

/** How long bookings and audit entries are kept (the privacy page states the same periods). */
export function RetentionCard() {
  const client = useQueryClient();
  const saved = useQuery({ queryKey: ['retention'], queryFn: getRetention });
  const [draft, setDraft] = useState<RetentionSettings | null>(null);
  useEffect(() => { if (saved.data) setDraft(saved.data); }, [saved.data]);
  const save = useMutation({
    mutationFn: saveRetention,
    onSuccess: (s) => { client.setQueryData(['retention'], s); void client.invalidateQueries({ queryKey: ['audit'] }); },
  });

  const submit = (e: FormEvent) => { e.preventDefault(); if (draft) save.mutate(draft); };
  const bookingsOn = draft?.BookingRetentionMonths != null;

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} component="form" onSubmit={submit} aria-labelledby="retention-title">
      <Stack>
        <Title order={2} size="h4" id="retention-title">How long data is kept</Title>
        {saved.isPending && <Text size="sm" c="dimmed" role="status">Loading the retention periods…</Text>}
        {saved.isError && <Alert color="red" role="alert">Unable to load the retention periods: {saved.error instanceof ApiError ? saved.error.serverMessage : 'the server cannot be reached'}</Alert>}
        {draft && (
          <>
            <Switch label="Anonymise old bookings" checked={bookingsOn}
              description="Bookings that started longer ago lose their owner, title, on-behalf address, check-in name and cancellation reason once a day. Counts stay for reports."
              onChange={(e) => setDraft({ ...draft, BookingRetentionMonths: e.currentTarget.checked ? SUGGESTED_BOOKING_MONTHS : null })} />
            {bookingsOn && (
              <NumberInput label="Keep bookings for (months)" min={1} max={BOOKING_RETENTION_MONTHS_MAX} allowDecimal={false} maw={260}
                value={draft.BookingRetentionMonths ?? SUGGESTED_BOOKING_MONTHS}
                onChange={(v) => setDraft({ ...draft, BookingRetentionMonths: typeof v === 'number' ? v : SUGGESTED_BOOKING_MONTHS })} />
            )}
            <NumberInput label="Keep audit entries for (months)" min={1} max={AUDIT_MONTHS_MAX} allowDecimal={false} maw={260}
              description="Older entries are deleted once a day."
              value={draft.AuditRetentionMonths} onChange={(v) => setDraft({ ...draft, AuditRetentionMonths: typeof v === 'number' ? v : 24 })} />
            {save.isError && <Alert color="red" role="alert">Not saved: {save.error instanceof ApiError ? save.error.serverMessage : 'the server cannot be reached'}</Alert>}
            {save.isSuccess && !save.isPending && <Text size="sm" c="green.9" role="status">Saved.</Text>}
            <Group justify="flex-end"><Button type="submit" loading={save.isPending}>Save retention periods</Button></Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
