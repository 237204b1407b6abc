import { Alert, Button, Checkbox, FileInput, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CLOSURE_LIMITS, type ClosureImportPreview } from '../../../domain/wire/closures.js';
import { useDateFormat } from '../appShell/useDateFormat.js';
import { AffectedBookingsList } from './AffectedBookingsList.js';
import { closuresKey, confirmLabel, staleAfterClosureChange, importHolidays } from './closuresApi.js';

/**
 * Public holidays from an .ics file (a government's or a calendar app's): the browser reads the
 * file, the server parses it (all-day events only) and answers the holidays and the bookings they
 * would cancel; confirming creates one whole-site closure per holiday.
 */
export function HolidayImport({ siteId, timeZone, onDone }: { siteId: number; timeZone: string; onDone: (message: string) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [yearly, setYearly] = useState(false);
  const [text, setText] = useState<string | null>(null);
  const [preview, setPreview] = useState<ClosureImportPreview | null>(null);
  const [tooBig, setTooBig] = useState(false);
  const fmt = useDateFormat(timeZone);
  const client = useQueryClient();

  const choose = async (f: File | null) => {
    setFile(f); setPreview(null); setText(null); previewing.reset(); creating.reset();
    setTooBig(f !== null && f.size > CLOSURE_LIMITS.icsMaxBytes);
    if (f && f.size <= CLOSURE_LIMITS.icsMaxBytes) setText(await f.text());
  };
  const previewing = useMutation({
    mutationFn: () => importHolidays({ SiteId: siteId, Ics: text ?? '', RepeatsYearly: yearly }),
    onSuccess: (res) => { if ('Holidays' in res) setPreview(res); },
  });
  const creating = useMutation({
    mutationFn: (token: string) => importHolidays({ SiteId: siteId, Ics: text ?? '', RepeatsYearly: yearly, Token: token }),
    onSuccess: async (res) => {
      if (!('Closures' in res)) return;
      await client.invalidateQueries({ queryKey: closuresKey(siteId) });
      for (const queryKey of staleAfterClosureChange) void client.invalidateQueries({ queryKey });
      setPreview(null); setFile(null); setText(null);
      onDone(`${res.Closures.length} holidays imported${res.CancelledCount > 0 ? `; ${res.CancelledCount} bookings cancelled` : ''}.`);
    },
  });
  const error = creating.error ?? previewing.error;

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} aria-labelledby="import-title">
      <Stack>
        <Title order={2} size="h4" id="import-title">Import public holidays</Title>
        <FileInput label="Calendar file (.ics)" description="All-day events become whole-day closures of this site; at most 1 MB."
          accept=".ics,text/calendar" clearable value={file} onChange={(f) => { void choose(f); }}
          error={tooBig ? 'The file is larger than 1 MB.' : undefined} />
        <Checkbox label="Repeat these holidays every year" checked={yearly} onChange={(e) => { setYearly(e.currentTarget.checked); setPreview(null); }} />
        {error && <Alert color="red" role="alert">{error.message}</Alert>}
        {preview && (
          <Stack gap="xs">
            <Text fw={600}>{preview.Holidays.length} holidays found</Text>
            <List size="sm" spacing={2} mah={200} style={{ overflowY: 'auto' }}>
              {preview.Holidays.map((h) => <List.Item key={h.Start}>{h.Reason}: {fmt.range(h.Start, h.End)}</List.Item>)}
            </List>
            <AffectedBookingsList preview={preview} timeZone={timeZone} />
          </Stack>
        )}
        <Group justify="flex-end">
          {preview ? (
            <Button color={preview.Count > 0 ? 'red' : undefined} loading={creating.isPending} onClick={() => creating.mutate(preview.Token)}>
              {preview.Count > 0 ? confirmLabel(preview.Count).replace('Close', 'Import') : `Import ${preview.Holidays.length} holidays`}
            </Button>
          ) : (
            <Button disabled={text === null} loading={previewing.isPending} onClick={() => previewing.mutate()}>Read the file</Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
