import '@mantine/charts/styles.css';
import { Alert, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { currentMonthRange, keepEndAtOrAfterStart } from '../../../domain/adminRules.js';
import { isAdmin } from '../../../domain/permissions.js';
import { INSIGHTS_MAX_DAYS, type InsightKind } from '../../../domain/wire/insights.js';
import { ApiError } from '../../app/api.js';
import { BackToMenu } from '../../app/shell/BackToMenu.js';
import { LoadingState } from '../../app/shell/LoadingState.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { useLoadedSettings } from '../../app/useLoadedSettings.js';
import { useDateFormat } from '../appShell/index.js';
import { DayInput } from '../appShell/DayInput.js';
import { localToday } from '../manageBookings/bookingText.js';
import { DailyTable } from './DailyTable.js';
import { DeskHeatmap } from './DeskHeatmap.js';
import { FiguresCsvButton } from './FiguresCsvButton.js';
import { InsightsCharts } from './InsightsCharts.js';
import { InsightsSettingsCard } from './InsightsSettingsCard.js';
import { dailyCsvUrl, dailyXlsxUrl, getDaily, getInsights, insightKeys, listLocations, listSites, type InsightsScope } from './insightsApi.js';

const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
const problem = (e: unknown) => (e instanceof ApiError ? e.serverMessage : 'the server cannot be reached');

/**
 * Insights (issue 25, Reporting and Admin): how a site's desks or rooms are used over a period.
 * Aggregates only; figures about too few people read "fewer than N people". Loaded only on this
 * screen (a lazy route), with its chart library.
 */
export function InsightsPage() {
  const { caller } = useLoadedSettings();
  const dates = useDateFormat();
  const [range, setRange] = useState(() => currentMonthRange(localToday()));
  const [siteId, setSiteId] = useState<string | null>(null);
  const [locationId, setLocationId] = useState<string | null>(null);
  const [kind, setKind] = useState<InsightKind>('desk');
  const sites = useQuery({ queryKey: ['insights', 'sites'], queryFn: listSites });
  const site = siteId ?? (sites.data?.[0] ? String(sites.data[0].Id) : null);
  const locations = useQuery({ queryKey: ['insights', 'locations', site], queryFn: () => listLocations(Number(site)), enabled: site !== null });

  const tooLong = range.from !== '' && range.to !== '' && daysBetween(range.from, range.to) > INSIGHTS_MAX_DAYS;
  const scope: InsightsScope | null = site !== null && range.from !== '' && range.to !== '' && !tooLong
    ? { siteId: Number(site), from: range.from, to: range.to, kind, locationId: locationId === null ? null : Number(locationId) } : null;
  const figures = useQuery({ queryKey: insightKeys.figures(scope), queryFn: () => getInsights(scope!), enabled: scope !== null });
  const daily = useQuery({ queryKey: insightKeys.daily(scope), queryFn: () => getDaily(scope!), enabled: scope !== null });

  return (
    <Panel size="lg">
      <PageHeading>Insights</PageHeading>
      <Stack>
        <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="form" aria-label="Period and scope" onSubmit={(e) => e.preventDefault()}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
            <Select label="Site" data={(sites.data ?? []).map((s) => ({ value: String(s.Id), label: s.Title }))} value={site}
              onChange={(v) => { setSiteId(v); setLocationId(null); }} allowDeselect={false} disabled={!sites.data} />
            <Select label="Floor" placeholder="All floors" clearable value={locationId} onChange={setLocationId}
              data={(locations.data ?? []).map((l) => ({ value: String(l.Id), label: l.Title }))} />
            <div>
              <Text component="label" id="insights-kind-label" size="sm" fw={500}>Desks or rooms</Text>
              <SegmentedControl aria-labelledby="insights-kind-label" fullWidth value={kind} onChange={(v) => setKind(v as InsightKind)}
                data={[{ value: 'desk', label: 'Desks' }, { value: 'room', label: 'Rooms' }]} />
            </div>
            <DayInput label="From" required value={range.from} onChange={(v) => { if (v) setRange((r) => keepEndAtOrAfterStart(v, r.to)); }} />
            <DayInput label="To" required value={range.to} minDate={range.from || undefined}
              onChange={(v) => { if (v) setRange((r) => keepEndAtOrAfterStart(r.from, v)); }} />
          </SimpleGrid>
        </Paper>

        {sites.isPending && <LoadingState what="the sites" minHeight={60} size="sm" />}
        {scope !== null && locations.isPending && <LoadingState what="the floors" minHeight={60} size="sm" />}
        {tooLong && <Alert color="orange" role="alert">{`A period is at most ${INSIGHTS_MAX_DAYS} days. Please choose a shorter one.`}</Alert>}
        {sites.isError && <Alert color="red" role="alert">Unable to load the sites: {problem(sites.error)}</Alert>}
        {sites.data?.length === 0 && <Text role="status">There are no sites yet.</Text>}
        {figures.isError && <Alert color="red" role="alert">Unable to load the insights: {problem(figures.error)}</Alert>}
        {scope && figures.isPending && <LoadingState what="the insights" size="sm" />}
        {figures.data && scope && (
          <>
            <Group justify="space-between" wrap="wrap">
              <Text size="sm">
                {`${dates.calendarDay(scope.from)} to ${dates.calendarDay(scope.to)}: ${figures.data.Resources} ${kind === 'desk' ? 'desks' : 'rooms'}, `}
                {figures.data.Total.Rate === null ? `utilisation not shown (fewer than ${figures.data.MinGroupSize} people)` : `utilisation ${Math.round(figures.data.Total.Rate * 1000) / 10}%`}
              </Text>
              <FiguresCsvButton data={figures.data} locale={dates.locale} />
            </Group>
            <InsightsCharts data={figures.data} locale={dates.locale} />
          </>
        )}
        {scope && kind === 'desk' && (scope.locationId !== null
          ? <DeskHeatmap scope={scope} locationId={scope.locationId} locale={dates.locale} />
          : <Text size="sm" c="dimmed">Choose a floor to see its desk heatmap.</Text>)}
        {daily.isError && <Alert color="red" role="alert">Unable to load the forecast: {problem(daily.error)}</Alert>}
        {daily.data && scope && <DailyTable data={daily.data} csvUrl={dailyCsvUrl(scope)} xlsxUrl={dailyXlsxUrl(scope)} dayLabel={dates.calendarDay} />}
        <InsightsSettingsCard canEdit={isAdmin(caller)} />
        <BackToMenu to="/menu/settings" label="Back to Settings" />
      </Stack>
    </Panel>
  );
}
