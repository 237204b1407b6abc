import { Loader, Select, Stack, Tabs, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { roomScreenHeading } from '../../../domain/wire/screenCalls.js';
import { BackToMenu } from '../../app/shell/BackToMenu.js';
import { LoadErrorBar } from '../../app/shell/LoadErrorBar.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { statusOf } from './apiErrors.js';
import { FindRoomTab } from './FindRoomTab.js';
import { getSites, OPENING_FRESH_MS, roomKeys } from './roomBookingApi.js';
import { useChoiceWithDefault } from '../../app/useChoiceWithDefault.js';

/**
 * The calendar tab brings react-big-calendar, lodash and popper (~47 KiB compressed); the page opens
 * on "Find room", so that code is fetched only when the calendar tab is first opened (issue 19,
 * point 7). The tabs do not keep hidden panels mounted, so nothing renders it earlier.
 */
const RoomCalendarTab = lazy(async () => ({ default: (await import('./RoomCalendarTab.js')).RoomCalendarTab }));

/**
 * /menu/book/meeting/room and /menu/book/clinical/room (SPEC 2.5): choose a site, then either find
 * a free room for a date and times, or look at one room's calendar and pick a slot.
 */
export function RoomBookingPage({ roomType }: { roomType: number }) {
  // The same words as the server's loading page shows first (roomScreenHints): the heading stays put when the page replaces it.
  const title = roomScreenHeading(roomType);
  const sites = useQuery({ queryKey: roomKeys.sites(roomType), queryFn: () => getSites(roomType), staleTime: OPENING_FRESH_MS });
  const [chosen, setChosen] = useChoiceWithDefault(sites.data?.[0]?.Id);
  const site = sites.data?.find((s) => String(s.Id) === chosen) ?? sites.data?.[0];

  return (
    <>
      {sites.error && <LoadErrorBar message={`Unable to load sites: ${statusOf(sites.error)}`} onRetry={() => void sites.refetch()} retrying={sites.isFetching} />}
      <Panel size="md">
        <PageHeading>{title}</PageHeading>
        <Stack>
          <Select label="Site" w={{ base: '100%', sm: 320 }} allowDeselect={false}
            data={(sites.data ?? []).map((s) => ({ value: String(s.Id), label: s.Title }))}
            value={site ? String(site.Id) : null} onChange={setChosen} />
          {sites.data?.length === 0 && <Text>No sites offer rooms of this kind to you.</Text>}
          {site && (
            <Tabs defaultValue="find" keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="find">Find room by date/time</Tabs.Tab>
                <Tabs.Tab value="calendar">Specific room availability</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="find" pt="md"><FindRoomTab key={site.Id} site={site} roomType={roomType} /></Tabs.Panel>
              <Tabs.Panel value="calendar" pt="md">
                <Suspense fallback={<Loader aria-label="Loading the calendar" />}>
                  <RoomCalendarTab key={site.Id} site={site} roomType={roomType} />
                </Suspense>
              </Tabs.Panel>
            </Tabs>
          )}
          <BackToMenu />
        </Stack>
      </Panel>
    </>
  );
}

/** /menu/book/room/{startDateStr}/{endDateStr}/{siteId}/{locationId}: an empty placeholder page (SPEC 2.1). */
export function RoomPlaceholderPage() {
  return (
    <Panel>
      <PageHeading>Room booking</PageHeading>
      <BackToMenu />
    </Panel>
  );
}
