import { Button, Group, Stack, Table } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import type { Location } from '../../../domain/wire/locations.js';
import { BackToMenu } from '../../app/shell/BackToMenu.js';
import { ErrorBar } from '../../app/shell/ErrorBar.js';
import { LoadErrorBar } from '../../app/shell/LoadErrorBar.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { statusOf, withReason } from '../sites/errorText.js';
import { getSite, siteKey, SITES_PATH } from '../sites/sitesApi.js';
import { StatusBadge } from '../sites/StatusBadge.js';
import { LocationForm } from './LocationForm.js';
import { deleteLocation, listLocations, locationPath, locationsKey, locationsPath } from './locationsApi.js';
import { useSiteId } from './useSiteId.js';
import { notifyDone } from '../sites/notify.js';
import { DialogFrame } from '../sites/DialogFrame.js';
import { AdminListTable } from '../adminLists/AdminListTable.js';
import { DeleteRowButton } from '../adminLists/DeleteRowButton.js';
import { useConfirmedDelete } from '../adminLists/useConfirmedDelete.js';

/**
 * /menu/settings/sites/{id}/locations (admin): the site's locations with links to edit them, their
 * rooms and floorplans, and delete. At .../locations/new the New location dialog opens over it.
 */
export function LocationsPage({ creating = false }: { creating?: boolean }) {
  const siteId = useSiteId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const site = useQuery({ queryKey: siteKey(siteId), queryFn: () => getSite(siteId), enabled: siteId > 0 });
  const locations = useQuery({ queryKey: locationsKey(siteId), queryFn: () => listLocations(siteId), enabled: siteId > 0 });
  const { askDelete, isDeleting, error: deleteError } = useConfirmedDelete({
    deleteItem: (l: Location) => deleteLocation(l.Id),
    warning: (l) => ({
      title: `Delete location ${l.Title}?`,
      consequence: 'Are you sure? The location, its rooms and floorplans will be removed.',
      rule: 'A location can only be deleted when no bookings are active in it.',
      confirmLabel: 'Delete location',
    }),
    onDeleted: (l) => {
      notifyDone(`Location ${l.Title} deleted`);
      return queryClient.invalidateQueries({ queryKey: locationsKey(siteId) });
    },
    failureMessage: (err) => withReason('Unable to delete locations', err),
  });

  const closeDialog = () => void navigate(locationsPath(siteId));
  const loadError = locations.error ?? site.error;

  return (
    <>
      {loadError && <LoadErrorBar message={`Unable to load locations: ${statusOf(loadError)}`} onRetry={() => { void locations.refetch(); void site.refetch(); }}
        retrying={locations.isFetching || site.isFetching} />}
      {deleteError && <ErrorBar message={deleteError} />}
      <Panel size="md">
        <PageHeading>{site.data ? `Locations: ${site.data.Title}` : 'Locations'}</PageHeading>
        <Stack>
          <Group justify="flex-end">
            <Button component={Link} to={`${locationsPath(siteId)}/new`}>New location</Button>
          </Group>
          <AdminListTable
            columns={[{ label: 'Title' }, { label: 'Building', wideOnly: true }, { label: 'Settings', wideOnly: true }]}
            items={locations.data} loading={locations.isPending && siteId > 0} loadingLabel="Loading locations…"
            emptyText="No locations yet. Create the first one."
            renderRow={(l) => (
              <Table.Tr key={l.Id}>
                <Table.Td fw={500}>{l.Title}</Table.Td>
                <Table.Td visibleFrom="sm">{l.BuildingNameNo}</Table.Td>
                <Table.Td visibleFrom="sm"><LocationBadges location={l} /></Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end">
                    <Button size="xs" component={Link} to={`${locationPath(siteId, l.Id)}/rooms`} aria-label={`Rooms of ${l.Title}`}>Rooms</Button>
                    <Button size="xs" variant="light" component={Link} to={`${locationPath(siteId, l.Id)}/floorplans`} aria-label={`Floorplans of ${l.Title}`}>Floorplans</Button>
                    <Button size="xs" variant="default" component={Link} to={`${locationPath(siteId, l.Id)}/edit`} aria-label={`Edit ${l.Title}`}>Edit</Button>
                    <DeleteRowButton name={l.Title} onClick={() => askDelete(l)} loading={isDeleting(l)} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            )} />
          <BackToMenu to={SITES_PATH} label="Back to Sites" />
        </Stack>
      </Panel>
      <DialogFrame opened={creating} onClose={closeDialog} title="New location" size="lg">
        {creating && (
          <LocationForm siteId={siteId} location={null} siteRoomCheckIns={site.data?.RoomCheckIns ?? null}
            onDone={closeDialog} onCancel={closeDialog} />
        )}
      </DialogFrame>
    </>
  );
}

function LocationBadges({ location: l }: { location: Location }) {
  return (
    <Group gap={4}>
      {l.RestrictRoomAccess && <StatusBadge color="orange">Rooms restricted</StatusBadge>}
      {l.RestrictDeskAccess && <StatusBadge color="orange">Desks restricted</StatusBadge>}
      {l.RoomCheckIns && <StatusBadge color="blue">Check-ins</StatusBadge>}
    </Group>
  );
}
