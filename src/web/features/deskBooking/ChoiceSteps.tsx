import { Anchor, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router';
import { LoadErrorBar } from '../../app/shell/LoadErrorBar.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { useLoadedSettings } from '../../app/useLoadedSettings.js';
import { deskQueries, statusOf } from './deskBookingApi.js';
import { BadTimes, ChosenTimes, Loading, Refusal, deskBookingRefusal } from './DeskFlowParts.js';
import { deskStepPath, describeRange, parseRange } from '../../../domain/deskRoute.js';

export const NO_DESK_BOOKING = 'No desk booking available';

interface Choice { id: number; title: string; detail?: string }

/** The route's date segments and ids, read once for every step. */
function useDeskParams() {
  const p = useParams();
  const startStr = p['startDateStr'] ?? '';
  const endStr = p['endDateStr'] ?? '';
  return {
    startStr, endStr, range: parseRange(startStr, endStr),
    siteId: Number(p['siteId']), locationId: Number(p['locationId']),
  };
}

/**
 * One step of the choice (site, location, floorplan): a list of links; with exactly one choice it
 * moves on by itself (replacing the history entry, so Back skips it); with none, SPEC 8's
 * 'No desk booking available'.
 */
function ChoiceStep({ heading, listLabel, choices, isLoading, error, onRetry, retrying, errorMessage, pathOf }: {
  heading: string;
  listLabel: string;
  choices: Choice[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
  errorMessage: string;
  pathOf: (id: number) => string;
}) {
  const { settings } = useLoadedSettings();
  const { range } = useDeskParams();
  const refusal = deskBookingRefusal(settings);
  const only = choices?.length === 1 ? choices[0] : undefined;
  if (only && !refusal && range) return <Navigate to={pathOf(only.id)} replace />;

  return (
    <>
      {Boolean(error) && <LoadErrorBar message={`${errorMessage}: ${statusOf(error)}`} onRetry={onRetry} retrying={retrying} />}
      <Panel>
        <PageHeading>{heading}</PageHeading>
        {refusal ? <Refusal message={refusal} /> : !range ? <BadTimes /> : (
          <Stack gap="md">
            <ChosenTimes description={describeRange(range.start, range.end)} />
            {isLoading && <Loading what={listLabel.toLowerCase()} />}
            {choices && choices.length === 0 && (
              <Paper withBorder p="lg" role="status">
                <Stack gap="xs">
                  <Text fw={600}>{NO_DESK_BOOKING}</Text>
                  <Text>There is nowhere you can book a desk here at the moment.</Text>
                </Stack>
              </Paper>
            )}
            {choices && choices.length > 0 && (
              <nav aria-label={listLabel}>
                <Stack component="ul" gap="sm" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                  {choices.map((c) => (
                    <li key={c.id}>
                      <UnstyledButton component={Link} to={pathOf(c.id)} className="desk-choice" w="100%">
                        <Paper withBorder p="md">
                          <Text fw={600} c="blue.9" td="underline">{c.title}</Text>
                          {c.detail && <Text size="sm" c="dark.6">{c.detail}</Text>}
                        </Paper>
                      </UnstyledButton>
                    </li>
                  ))}
                </Stack>
              </nav>
            )}
          </Stack>
        )}
        <Anchor component={Link} to="/menu" mt="lg" display="inline-block">Back to the menu</Anchor>
      </Panel>
    </>
  );
}

/** /menu/book/desk/{start}/{end}: the sites where the person may book desks. */
export function ChooseSitePage() {
  const { startStr, endStr } = useDeskParams();
  const q = useQuery(deskQueries.sites());
  const choices = q.data?.map((s) => ({ id: s.Id, title: s.Title, detail: [s.Address, s.Description].filter(Boolean).join(' · ') }));
  return (
    <ChoiceStep heading="Choose a site" listLabel="Sites" choices={choices} isLoading={q.isLoading} error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching}
      errorMessage="Unable to load sites" pathOf={(id) => deskStepPath(startStr, endStr, id)} />
  );
}

/** /menu/book/desk/{start}/{end}/{siteId}: the site's locations with desks to book. */
export function ChooseLocationPage() {
  const { startStr, endStr, siteId } = useDeskParams();
  const q = useQuery({ ...deskQueries.locations(siteId), enabled: siteId > 0 });
  const choices = q.data?.map((l) => ({ id: l.Id, title: l.Title, detail: l.BuildingNameNo }));
  return (
    <ChoiceStep heading="Choose a location" listLabel="Locations" choices={choices} isLoading={q.isLoading} error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching}
      errorMessage="Unable to load locations" pathOf={(id) => deskStepPath(startStr, endStr, siteId, id)} />
  );
}

/** /menu/book/desk/{start}/{end}/{siteId}/{locationId}: the location's floorplans with a layout. */
export function ChooseFloorplanPage() {
  const { startStr, endStr, siteId, locationId } = useDeskParams();
  const q = useQuery({ ...deskQueries.floorplans(locationId), enabled: locationId > 0 });
  // Admins receive every floorplan; one that has never had a layout has nothing to book on.
  const choices = q.data?.filter((f) => f.FloorplanLayout !== null).map((f) => ({ id: f.Id, title: f.Name }));
  return (
    <ChoiceStep heading="Choose a floorplan" listLabel="Floorplans" choices={choices} isLoading={q.isLoading} error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching}
      errorMessage="Unable to load floorplans" pathOf={(id) => deskStepPath(startStr, endStr, siteId, locationId, id)} />
  );
}
