import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { AUDIT_ACTIONS } from '../../../domain/wire/audit.js';
import { ApiError } from '../../app/api.js';
import { DayInput } from '../appShell/DayInput.js';
import { downloadAuditCsv, getAuditActors, NO_FILTERS, type AuditFilters } from './auditApi.js';
import { actionLabel } from './auditText.js';

const ACTION_OPTIONS = AUDIT_ACTIONS.map((a) => ({ value: a, label: actionLabel(a) }));

/** Period, action and person; Apply shows the entries, Download CSV exports the same selection. */
export function AuditFilterForm({ value, onChange }: { value: AuditFilters; onChange: (f: AuditFilters) => void }) {
  const [draft, setDraft] = useState<AuditFilters>(value);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const actors = useQuery({ queryKey: ['audit', 'actors'], queryFn: getAuditActors });
  const set = (patch: Partial<AuditFilters>) => setDraft((d) => ({ ...d, ...patch }));

  const apply = (e: FormEvent) => { e.preventDefault(); onChange(draft); };
  const download = async () => {
    setExporting(true);
    setExportError(null);
    try { await downloadAuditCsv(draft); } catch (err) {
      setExportError(err instanceof ApiError ? err.serverMessage : 'The server cannot be reached.');
    } finally { setExporting(false); }
  };

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} component="form" onSubmit={apply} aria-label="Filter the audit log">
      <Stack>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
          <DayInput label="From" clearable value={draft.from}
            onChange={(v) => set({ from: v ?? '', ...(v && draft.to && draft.to < v ? { to: v } : {}) })} />
          <DayInput label="To" clearable value={draft.to} minDate={draft.from || undefined}
            onChange={(v) => set({ to: v ?? '' })} />
          <Select label="Action" placeholder="Any action" clearable data={ACTION_OPTIONS} value={draft.action || null}
            onChange={(v) => set({ action: v ?? '' })} comboboxProps={{ withinPortal: true }} />
          <Select label="Who" placeholder={actors.isError ? 'People could not be loaded' : 'Anyone'} clearable searchable
            data={(actors.data ?? []).map((a) => ({ value: String(a.Id), label: a.Name }))} value={draft.actorId || null}
            onChange={(v) => set({ actorId: v ?? '' })} nothingFoundMessage="Nobody by that name" />
        </SimpleGrid>
        {exportError && <Alert color="red" role="alert">Unable to download: {exportError}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => { setDraft(NO_FILTERS); onChange(NO_FILTERS); }}>Clear filters</Button>
          <Button variant="default" loading={exporting} onClick={() => void download()}>Download CSV</Button>
          <Button type="submit">Apply filters</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
