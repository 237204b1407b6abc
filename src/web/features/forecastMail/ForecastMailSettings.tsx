import { Alert, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FORECAST_MAIL_DAYS, FORECAST_MAIL_LOCAL_HOUR, type ForecastMailSetting } from '../../../domain/wire/forecastMail.js';
import { LoadingState } from '../../app/shell/LoadingState.js';
import { useDateFormat } from '../appShell/index.js';
import { withReason } from '../sites/errorText.js';
import { notifyDone } from '../sites/notify.js';
import { forecastMailKey, getForecastMail, putForecastMail } from './forecastMailApi.js';

/**
 * The "Daily forecast mail" section of the site edit screen (Admin, issue 25): whether the site's
 * notification address gets each morning the people booked for the next working days (the Insights
 * daily table). Saved on its own, apart from the site form, like the desk check-in section.
 */
export function ForecastMailSettings({ siteId }: { siteId: number }) {
  const query = useQuery({ queryKey: forecastMailKey(siteId), queryFn: () => getForecastMail(siteId) });
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} mt="md" component="section" aria-labelledby="forecast-mail-heading">
      <Title order={2} size="h4" id="forecast-mail-heading" mb="xs">Daily forecast mail</Title>
      {query.isPending && <LoadingState what="the forecast mail setting" minHeight={80} size="sm" />}
      {query.error && <Alert color="red" role="alert">{withReason('Unable to load the forecast mail setting', query.error)}</Alert>}
      {query.data && <SettingForm key={JSON.stringify(query.data)} siteId={siteId} saved={query.data} />}
    </Paper>
  );
}

function SettingForm({ siteId, saved }: { siteId: number; saved: ForecastMailSetting }) {
  const queryClient = useQueryClient();
  const dates = useDateFormat();
  const [enabled, setEnabled] = useState(saved.Enabled);
  const save = useMutation({
    mutationFn: () => putForecastMail(siteId, { Enabled: enabled }),
    onSuccess: async () => { notifyDone('Forecast mail setting saved'); await queryClient.invalidateQueries({ queryKey: forecastMailKey(siteId) }); },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const at = dates.minutes(FORECAST_MAIL_LOCAL_HOUR * 60);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          {`When on, the site's notification address gets at ${at} site time (${saved.TimeZone}), on each booking day, the people booked for that day and the next ${FORECAST_MAIL_DAYS - 1} booking days: for catering and cleaning. Figures about fewer people than the Insights minimum group size are not shown.`}
        </Text>
        <Switch label="Mail the daily forecast" checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
        {saved.Deliverable ? (
          <Text size="sm">{`Sent to ${saved.NotificationEmail}.`}</Text>
        ) : (
          <Alert color="yellow" role="status">
            This site has no notification address that can receive mail, so nothing is sent. Set the notification email in the site details above.
          </Alert>
        )}
        {save.error && <Alert color="red" role="alert">{withReason('Unable to save the forecast mail setting', save.error)}</Alert>}
        <Group><Button type="submit" loading={save.isPending}>Save forecast mail</Button></Group>
      </Stack>
    </form>
  );
}
