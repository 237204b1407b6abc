import { Alert, Badge, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { browserTimeZone } from '../../../domain/deskRoute.js';
import { toWallClock } from '../../../domain/wallClock.js';
import { ApiError } from '../../app/api.js';
import { BackToMenu } from '../../app/shell/BackToMenu.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { useLoadedSettings } from '../../app/useLoadedSettings.js';
import { formatDay } from '../appShell/dates.js';
import { DayChooser } from './DayChooser.js';
import { PersonRow } from './PersonRow.js';
import { useWhosIn } from './useWhosIn.js';
import { addDays, DAYS_AHEAD, DAYS_BACK, emptyMessage, findColleague, showOnMapPath } from './whosInView.js';

/**
 * "Who's in" (issue 20): for a chosen day, the people visible to you (your teammates, or everyone when
 * the organisation says so; never anyone who hides their name) with a desk booked, per site, each
 * with a link to their desk on the map. "Find a colleague" narrows the list; Enter opens the first match.
 */
export function WhosInPage() {
  const { settings } = useLoadedSettings();
  const today = toWallClock(new Date(), browserTimeZone()).date;
  const [day, setDay] = useState(today);
  const [query, setQuery] = useState('');
  const navigate = useNavigate();
  // Clicking through days quickly asks only for the day the person stops at (reads are limited per minute).
  const [settledDay] = useDebouncedValue(day, 300);
  const whosIn = useWhosIn(settledDay);
  const dayText = formatDay(`${day}T12:00:00Z`, { short: false, timeZone: 'UTC' });
  const data = whosIn.data?.Date === day && settledDay === day ? whosIn.data : undefined;
  const sites = data ? findColleague(data, query) : [];
  const count = sites.reduce((n, s) => n + s.People.length, 0);

  const openFirst = (e: KeyboardEvent<HTMLInputElement>) => {
    const site = sites[0];
    if (e.key !== 'Enter' || !site || query.trim() === '') return;
    e.preventDefault();
    navigate(showOnMapPath(site.People[0]!, site, day));
  };

  return (
    <Panel>
      <PageHeading>Who&apos;s in</PageHeading>
      <Text mt={-8} mb="md">
        {settings.NamesOnMap === 'everyone' ? 'People' : 'Your teammates'} with a desk booked on {dayText}, per site.
      </Text>
      <Stack gap="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <DayChooser value={day} onChange={setDay} today={today} min={addDays(today, -DAYS_BACK)} max={addDays(today, DAYS_AHEAD)} />
          <TextInput
            label="Find a colleague"
            placeholder="Type a name"
            description="Enter shows the first match on the map."
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            onKeyDown={openFirst}
            type="search"
            style={{ flex: 1, minWidth: 220 }}
          />
        </Group>

        <div aria-live="polite">
          {!data && !whosIn.isError && (
            <Group gap="xs" role="status"><Loader size="sm" /><Text>Loading who&apos;s in…</Text></Group>
          )}
          {whosIn.isError && !data && settledDay === day && (
            <Alert color="red" role="alert" title="Unable to load who's in">
              <Text size="sm" mb="xs">{whosIn.error instanceof ApiError ? whosIn.error.serverMessage : 'The server cannot be reached.'}</Text>
              <Button size="xs" variant="light" onClick={() => void whosIn.refetch()}>Try again</Button>
            </Alert>
          )}
          {data && data.Sites.length === 0 && <Text>{emptyMessage(data, settings.Profile.Teams.length > 0, dayText)}</Text>}
          {data && data.Sites.length > 0 && count === 0 && <Text>Nobody called &ldquo;{query.trim()}&rdquo; has a desk booked on {dayText}.</Text>}
          {data && query.trim() !== '' && count > 0 && <Text size="sm" c="dimmed">{count === 1 ? '1 match' : `${count} matches`}</Text>}
        </div>

        {data && sites.map((site) => (
          <section key={site.SiteId} aria-labelledby={`whosin-site-${site.SiteId}`}>
            <Group gap="xs" mb="xs">
              <Title order={2} size="h4" id={`whosin-site-${site.SiteId}`}>{site.SiteName}</Title>
              <Badge variant="light" aria-label={`${site.People.length} in`}>{site.People.length} in</Badge>
            </Group>
            <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {site.People.map((p) => <PersonRow key={`${p.FloorplanId}/${p.DeskId}/${p.Start}`} person={p} site={site} date={day} />)}
            </Stack>
          </section>
        ))}
        <Text size="xs" c="dimmed">
          People who hide their name are never listed. <BackToMenu />
        </Text>
      </Stack>
    </Panel>
  );
}
