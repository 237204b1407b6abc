import { Button, Group, Stack, Table } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { SiteSummary } from '../../../domain/wire/sites.js';
import { BackToMenu } from '../../app/shell/BackToMenu.js';
import { ErrorBar } from '../../app/shell/ErrorBar.js';
import { LoadErrorBar } from '../../app/shell/LoadErrorBar.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { statusOf, withReason } from './errorText.js';
import { deleteSite, listSites, SITES_KEY, SITES_PATH, sitePath } from './sitesApi.js';
import { notifyDone } from './notify.js';
import { AdminListTable } from '../adminLists/AdminListTable.js';
import { DeleteRowButton } from '../adminLists/DeleteRowButton.js';
import { useConfirmedDelete } from '../adminLists/useConfirmedDelete.js';

/** /menu/settings/sites (admin): every site, with links to edit it and its locations, and delete. */
export function SitesListPage() {
  const queryClient = useQueryClient();
  const sites = useQuery({ queryKey: SITES_KEY, queryFn: listSites });
  const { askDelete, isDeleting, error: deleteError } = useConfirmedDelete({
    deleteItem: (site: SiteSummary) => deleteSite(site.Id),
    warning: (site) => ({
      title: `Delete site ${site.Title}?`,
      consequence: 'Are you sure? The site, its locations, rooms and floorplans will be removed.',
      rule: 'A site can only be deleted when no bookings are active at it.',
      confirmLabel: 'Delete site',
    }),
    onDeleted: (site) => {
      notifyDone(`Site ${site.Title} deleted`);
      return queryClient.invalidateQueries({ queryKey: SITES_KEY });
    },
    failureMessage: (err) => withReason('Unable to delete site', err),
  });

  return (
    <>
      {sites.error && <LoadErrorBar message={`Unable to load sites: ${statusOf(sites.error)}`} onRetry={() => void sites.refetch()} retrying={sites.isFetching} />}
      {deleteError && <ErrorBar message={deleteError} />}
      <Panel>
        <PageHeading>Sites</PageHeading>
        <Stack>
          <Group justify="flex-end">
            <Button component={Link} to={`${SITES_PATH}/new`}>New site</Button>
          </Group>
          <AdminListTable
            columns={[{ label: 'Title' }, { label: 'Post code', wideOnly: true }, { label: 'Time zone', wideOnly: true }]}
            items={sites.data} loading={sites.isPending} loadingLabel="Loading sites…" emptyText="No sites yet. Create the first one."
            renderRow={(site) => (
              <Table.Tr key={site.Id}>
                <Table.Td fw={500}>{site.Title}</Table.Td>
                <Table.Td visibleFrom="sm">{site.PostCode}</Table.Td>
                <Table.Td visibleFrom="sm">{site.TimeZone.replace(/_/g, ' ')}</Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end">
                    <Button size="xs" component={Link} to={`${sitePath(site.Id)}/locations`} aria-label={`Locations of ${site.Title}`}>Locations</Button>
                    <Button size="xs" variant="default" component={Link} to={`${sitePath(site.Id)}/edit`} aria-label={`Edit ${site.Title}`}>Edit</Button>
                    <DeleteRowButton name={site.Title} onClick={() => askDelete(site)} loading={isDeleting(site)} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            )} />
          <BackToMenu to="/menu/settings" label="Back to Settings" />
        </Stack>
      </Panel>
    </>
  );
}
