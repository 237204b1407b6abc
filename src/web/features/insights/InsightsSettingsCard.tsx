import { Alert, Button, Group, NumberInput, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../app/api.js';
import { getInsightsSettings, insightKeys, saveInsightsSettings } from './insightsApi.js';
import { LoadingState } from '../../app/shell/LoadingState.js';

/**
 * The privacy settings of insights (Admins change them; Reporting users read them): the minimum group
 * size under which figures are not shown, and works council mode (no per-person data for Reporting users).
 */
export function InsightsSettingsCard({ canEdit }: { canEdit: boolean }) {
  const client = useQueryClient();
  const settings = useQuery({ queryKey: insightKeys.settings, queryFn: getInsightsSettings });
  const [min, setMin] = useState<number | string | null>(null);
  const [wc, setWc] = useState<boolean | null>(null);
  const save = useMutation({
    mutationFn: saveInsightsSettings,
    onSuccess: async () => { setMin(null); setWc(null); await client.invalidateQueries({ queryKey: insightKeys.all }); },
  });
  if (!settings.data) return settings.isError ? <Alert color="red" role="alert">Unable to load the privacy settings.</Alert> : <LoadingState what="the privacy settings" minHeight={60} size="sm" />;
  const minValue = min ?? settings.data.MinGroupSize;
  const wcValue = wc ?? settings.data.WorksCouncilMode;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ MinGroupSize: Number(minValue), WorksCouncilMode: wcValue });
  };
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="insights-privacy-title">
      <Stack gap="xs" component="form" onSubmit={submit}>
        <Title order={3} size="h5" id="insights-privacy-title">Privacy</Title>
        {!canEdit && (
          <Text size="sm">
            {`Figures about fewer than ${settings.data.MinGroupSize} people are not shown.`}
            {settings.data.WorksCouncilMode ? ' Works council mode is on: per-person reports and the booking export are for Admins only.' : ''}
          </Text>
        )}
        {canEdit && (
          <>
            <NumberInput label="Minimum group size" description="Figures about fewer distinct people than this are not shown (2 to 100)"
              min={2} max={100} allowDecimal={false} value={minValue} onChange={setMin} w={{ base: '100%', sm: 320 }} />
            <Switch label="Works council mode" description="Reporting users see no per-person data: no people-tag reports and no booking-by-booking export"
              checked={wcValue} onChange={(e) => setWc(e.currentTarget.checked)} />
            {save.isError && <Alert color="red" role="alert">{save.error instanceof ApiError ? save.error.serverMessage : 'Unable to save.'}</Alert>}
            <Group><Button type="submit" size="xs" loading={save.isPending}>Save privacy settings</Button></Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
