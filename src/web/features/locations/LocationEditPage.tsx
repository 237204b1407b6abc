import { Paper, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { BackToMenu } from '../../app/shell/BackToMenu.js';
import { LoadingSkeleton } from '../../app/shell/LoadingState.js';
import { LoadErrorBar } from '../../app/shell/LoadErrorBar.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { statusOf } from '../sites/errorText.js';
import { getSite, siteKey } from '../sites/sitesApi.js';
import { LocationForm } from './LocationForm.js';
import { DeskCheckInSettings } from '../deskCheckIn/DeskCheckInSettings.js';
import { listLocations, locationsKey, locationsPath } from './locationsApi.js';
import { useSiteId } from './useSiteId.js';

/** /menu/settings/sites/{siteId}/locations/{locationId}/edit (admin). */
export function LocationEditPage() {
  const siteId = useSiteId();
  const locationId = Number(useParams()['locationId']);
  const navigate = useNavigate();
  const site = useQuery({ queryKey: siteKey(siteId), queryFn: () => getSite(siteId), enabled: siteId > 0 });
  const locations = useQuery({ queryKey: locationsKey(siteId), queryFn: () => listLocations(siteId), enabled: siteId > 0 });
  const location = locations.data?.find((l) => l.Id === locationId);
  const back = () => void navigate(locationsPath(siteId));

  return (
    <>
      {locations.error && <LoadErrorBar message={`Unable to load locations: ${statusOf(locations.error)}`} onRetry={() => void locations.refetch()} retrying={locations.isFetching} />}
      <Panel>
        <PageHeading>{location ? `Edit location: ${location.Title}` : 'Edit location'}</PageHeading>
        {locations.isPending && (
          <LoadingSkeleton what="the location" />
        )}
        {locations.data && !location && <Paper withBorder p="lg" role="status">This location was not found. It may have been deleted.</Paper>}
        {location && (
          <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
            <LocationForm key={location.Id} siteId={siteId} location={location} siteRoomCheckIns={site.data?.RoomCheckIns ?? null}
              onDone={back} onCancel={back} />
          </Paper>
        )}
        {location && <DeskCheckInSettings locationId={location.Id} />}
        <Stack mt="md"><BackToMenu to={locationsPath(siteId)} label="Back to Locations" /></Stack>
      </Panel>
    </>
  );
}
