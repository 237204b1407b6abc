import { Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Location } from '../../../domain/wire/locations.js';
import { BackToMenu } from '../../app/shell/BackToMenu.js';
import { ErrorBar } from '../../app/shell/ErrorBar.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { statusOf, withReason } from '../sites/errorText.js';
import { getSite, siteKey, SITES_PATH } from '../sites/sitesApi.js';
import { StatusBadge } from '../sites/StatusBadge.js';
import { EmptyRow, LoadingRows } from '../sites/TableStates.js';
import { LocationForm } from './LocationForm.js';
import { deleteLocation, listLocations, locationPath, locationsKey, locationsPath } from './locationsApi.js';
import { useSiteId } from './useSiteId.js';
import { notifyDone } from '../sites/notify.js';
import { DialogFrame } from '../sites/DialogFrame.js';

const COLUMNS = 4;

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
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const remove = useMutation({
    mutationFn: (l: Location) => deleteLocation(l.Id),
    onSuccess: (_v, l) => {
      setDeleteError(null);
      notifyDone(`Location ${l.Title} deleted`);
      return queryClient.invalidateQueries({ queryKey: locationsKey(siteId) });
    },
    onError: (err) => setDeleteError(withReason('Unable to delete locations', err)),
  });

  const askDelete = (l: Location) => modals.openConfirmModal({
    title: `Delete location ${l.Title}?`,
    children: (
      <Stack gap="xs">
        <Text>Are you sure? The location, its rooms and floorplans will be removed.</Text>
        <Text fw={600}>A location can only be deleted when no bookings are active in it.</Text>
      </Stack>
    ),
    labels: { confirm: 'Delete location', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: () => remove.mutate(l),
  });

  const closeDialog = () => void navigate(locationsPath(siteId));
  const loadError = locations.error ?? site.error;

  return (
    <>
      {loadError && <ErrorBar message={`Unable to load locations: ${statusOf(loadError)}`} />}
      {deleteError && <ErrorBar message={deleteError} />}
      <Panel size="md">
        <PageHeading>{site.data ? `Locations: ${site.data.Title}` : 'Locations'}</PageHeading>
        <Stack>
          <Group justify="flex-end">
            <Button component={Link} to={`${locationsPath(siteId)}/new`}>New location</Button>
          </Group>
          <Paper withBorder style={{ overflowX: 'auto' }}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Title</Table.Th>
                  <Table.Th visibleFrom="sm">Building</Table.Th>
                  <Table.Th visibleFrom="sm">Settings</Table.Th>
                  <Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {locations.isPending && siteId > 0 && <LoadingRows columns={COLUMNS} label="Loading locations…" />}
                {locations.data?.length === 0 && <EmptyRow columns={COLUMNS}>No locations yet. Create the first one.</EmptyRow>}
                {locations.data?.map((l) => (
                  <Table.Tr key={l.Id}>
                    <Table.Td fw={500}>{l.Title}</Table.Td>
                    <Table.Td visibleFrom="sm">{l.BuildingNameNo}</Table.Td>
                    <Table.Td visibleFrom="sm"><LocationBadges location={l} /></Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end">
                        <Button size="xs" component={Link} to={`${locationPath(siteId, l.Id)}/rooms`} aria-label={`Rooms of ${l.Title}`}>Rooms</Button>
                        <Button size="xs" variant="light" component={Link} to={`${locationPath(siteId, l.Id)}/floorplans`} aria-label={`Floorplans of ${l.Title}`}>Floorplans</Button>
                        <Button size="xs" variant="default" component={Link} to={`${locationPath(siteId, l.Id)}/edit`} aria-label={`Edit ${l.Title}`}>Edit</Button>
                        <Button size="xs" variant="light" color="red" onClick={() => askDelete(l)} aria-label={`Delete ${l.Title}`}
                          loading={remove.isPending && remove.variables?.Id === l.Id}>Delete</Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
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
