import { Button, Group, Paper, Select, SimpleGrid, Stack, Title } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { keepEndAtOrAfterStart } from '../../../domain/adminRules.js';
import { PEOPLE_SEARCH_MIN } from '../../../domain/orgAccess.js';
import type { PersonRef } from '../../../domain/wire/people.js';
import { DayInput } from '../appShell/DayInput.js';
import { AsyncMultiPicker, NO_PEOPLE_FOUND } from '../restrictions/index.js';
import { searchPeople } from '../userManagement/userManagementApi.js';
import { BOOKING_USER_DEBOUNCE_MS, deskOptions, getLayout, listFloorplans, listLocations, listSites, type DeskSearch } from './manageBookingsApi.js';

export interface SearchForm { from: string; to: string; siteId: string | null; locationId: string | null; desk: string | null; person: PersonRef | null }

export function toDeskSearch(f: SearchForm): DeskSearch {
  const [floorplanId, deskId] = f.desk ? [Number(f.desk.split(':')[0]), f.desk.slice(f.desk.indexOf(':') + 1)] : [null, null];
  return {
    FromDate: f.from, ToDate: f.to,
    SiteId: f.siteId ? Number(f.siteId) : null, LocationId: f.locationId ? Number(f.locationId) : null,
    FloorplanId: floorplanId, DeskId: deskId, UserId: f.person?.Id ?? null,
  };
}

/** Search Bookings (SPEC 2.9): a date range, and optionally desk, site, location and person. */
export function SearchBookingsForm({ initial, onSearch, searching }: { initial: SearchForm; onSearch: (f: SearchForm) => void; searching: boolean }) {
  const [form, setForm] = useState<SearchForm>(initial);
  const sites = useQuery({ queryKey: ['sites'], queryFn: listSites });
  const siteId = form.siteId ? Number(form.siteId) : null;
  const locationId = form.locationId ? Number(form.locationId) : null;
  const locations = useQuery({ queryKey: ['locations', 'site', siteId], queryFn: () => listLocations(siteId!), enabled: siteId !== null });
  const floorplans = useQuery({ queryKey: ['floorplans', 'location', locationId], queryFn: () => listFloorplans(locationId!), enabled: locationId !== null });
  const published = (floorplans.data ?? []).filter((f) => f.FloorplanLayout?.Published);
  const layouts = useQueries({ queries: published.map((f) => ({ queryKey: ['floorplans', f.Id, 'layout'], queryFn: () => getLayout(f.Id) })) });
  const desks = published.flatMap((f, i) => (layouts[i]?.data ? deskOptions(f, layouts[i].data) : []));

  const submit = (e: FormEvent) => { e.preventDefault(); onSearch(form); };
  const datesValid = form.from !== '' && form.to !== '' && form.to >= form.from;

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} component="form" onSubmit={submit} aria-labelledby="search-bookings-title">
      <Stack>
        <Title order={2} size="h4" id="search-bookings-title">Search Bookings</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DayInput label="From" required value={form.from}
            onChange={(v) => { if (v) setForm((f) => ({ ...f, ...keepEndAtOrAfterStart(v, f.to) })); }} />
          <DayInput label="To" required value={form.to} minDate={form.from || undefined}
            onChange={(v) => { if (v) setForm((f) => ({ ...f, to: v })); }}
            error={form.to !== '' && form.to < form.from ? 'The end date must be on or after the start date' : undefined} />
          <Select label="Site" placeholder="Any site" clearable searchable data={(sites.data ?? []).map((s) => ({ value: String(s.Id), label: s.Title }))}
            value={form.siteId} onChange={(v) => setForm((f) => ({ ...f, siteId: v, locationId: null, desk: null }))} />
          <Select label="Location" placeholder={siteId ? 'Any location' : 'Choose a site first'} clearable searchable disabled={siteId === null}
            data={(locations.data ?? []).map((l) => ({ value: String(l.Id), label: l.Title }))}
            value={form.locationId} onChange={(v) => setForm((f) => ({ ...f, locationId: v, desk: null }))} />
          <Select label="Desk" placeholder={locationId ? 'Any desk' : 'Choose a location first'} clearable searchable disabled={locationId === null}
            data={desks} value={form.desk} onChange={(v) => setForm((f) => ({ ...f, desk: v }))} nothingFoundMessage="No desks" />
          <AsyncMultiPicker<PersonRef>
            label="Person"
            description="Booked by or for"
            placeholder={form.person ? '' : 'Search by name or e-mail'}
            value={form.person ? [form.person] : []}
            onChange={(list) => setForm((f) => ({ ...f, person: list[list.length - 1] ?? null }))}
            keyOf={(p) => String(p.Id)}
            labelOf={(p) => p.FullName || p.Email}
            detailOf={(p) => p.Email}
            queryKey={(text) => ['people', 'search', text]}
            search={searchPeople}
            minChars={PEOPLE_SEARCH_MIN}
            debounceMs={BOOKING_USER_DEBOUNCE_MS}
            emptyText={NO_PEOPLE_FOUND}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={searching} disabled={!datesValid}>Search</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
