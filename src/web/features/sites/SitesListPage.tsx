import { Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { SiteSummary } from '../../../domain/wire/sites.js';
import { BackToMenu } from '../../app/shell/BackToMenu.js';
import { ErrorBar } from '../../app/shell/ErrorBar.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { statusOf, withReason } from './errorText.js';
import { deleteSite, listSites, SITES_KEY, SITES_PATH, sitePath } from './sitesApi.js';
import { EmptyRow, LoadingRows } from './TableStates.js';
import { notifyDone } from './notify.js';

const COLUMNS = 4;

/** /menu/settings/sites (admin): every site, with links to edit it and its locations, and delete. */
export function SitesListPage() {
  const queryClient = useQueryClient();
  const sites = useQuery({ queryKey: SITES_KEY, queryFn: listSites });
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const remove = useMutation({
    mutationFn: (site: SiteSummary) => deleteSite(site.Id),
    onSuccess: (_v, site) => {
      setDeleteError(null);
      notifyDone(`Site ${site.Title} deleted`);
      return queryClient.invalidateQueries({ queryKey: SITES_KEY });
    },
    onError: (err) => setDeleteError(withReason('Unable to delete site', err)),
  });

  const askDelete = (site: SiteSummary) => modals.openConfirmModal({
    title: `Delete site ${site.Title}?`,
    children: (
      <Stack gap="xs">
        <Text>Are you sure? The site, its locations, rooms and floorplans will be removed.</Text>
        <Text fw={600}>A site can only be deleted when no bookings are active at it.</Text>
      </Stack>
    ),
    labels: { confirm: 'Delete site', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: () => remove.mutate(site),
  });

  return (
    <>
      {sites.error && <ErrorBar message={`Unable to load sites: ${statusOf(sites.error)}`} />}
      {deleteError && <ErrorBar message={deleteError} />}
      <Panel>
        <PageHeading>Sites</PageHeading>
        <Stack>
          <Group justify="flex-end">
            <Button component={Link} to={`${SITES_PATH}/new`}>New site</Button>
          </Group>
          <Paper withBorder style={{ overflowX: 'auto' }}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Title</Table.Th>
                  <Table.Th visibleFrom="sm">Post code</Table.Th>
                  <Table.Th visibleFrom="sm">Time zone</Table.Th>
                  <Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sites.isPending && <LoadingRows columns={COLUMNS} label="Loading sites…" />}
                {sites.data?.length === 0 && <EmptyRow columns={COLUMNS}>No sites yet. Create the first one.</EmptyRow>}
                {sites.data?.map((site) => (
                  <Table.Tr key={site.Id}>
                    <Table.Td fw={500}>{site.Title}</Table.Td>
                    <Table.Td visibleFrom="sm">{site.PostCode}</Table.Td>
                    <Table.Td visibleFrom="sm">{site.TimeZone.replace(/_/g, ' ')}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end">
                        <Button size="xs" component={Link} to={`${sitePath(site.Id)}/locations`} aria-label={`Locations of ${site.Title}`}>Locations</Button>
                        <Button size="xs" variant="default" component={Link} to={`${sitePath(site.Id)}/edit`} aria-label={`Edit ${site.Title}`}>Edit</Button>
                        <Button size="xs" variant="light" color="red" onClick={() => askDelete(site)} aria-label={`Delete ${site.Title}`}
                          loading={remove.isPending && remove.variables?.Id === site.Id}>Delete</Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
          <BackToMenu to="/menu/settings" label="Back to Settings" />
        </Stack>
      </Panel>
    </>
  );
}
