import { Alert, Badge, Button, Group, Modal, Paper, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { Floorplan } from '../../../domain/wire/floorplans.js';
import { editorPath } from '../../../domain/wire/screenCalls.js';
import { BackToMenu } from '../../app/shell/BackToMenu.js';
import { ErrorBar } from '../../app/shell/ErrorBar.js';
import { LoadErrorBar } from '../../app/shell/LoadErrorBar.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import {
  createFloorplan, deleteFloorplan, floorplansKey, listFloorplans, messageOf, newBlankLayout, renameFloorplan, statusOf,
} from './floorplansApi.js';
import { DeleteRowButton } from '../adminLists/DeleteRowButton.js';
import { DeskQrSheetButton } from '../deskCheckIn/DeskQrSheetButton.js';
import { useConfirmedDelete } from '../adminLists/useConfirmedDelete.js';

export const EMPTY_NAME = 'The name must not be empty';

/**
 * /menu/settings/sites/{siteId}/locations/{locationId}/floorplans (SPEC 2.9): the location's
 * floorplans with create, Rename, Edit Layout and delete (which warns that no bookings may be active).
 */
export function FloorplansListPage() {
  const params = useParams();
  const siteId = Number(params['siteId']);
  const locationId = Number(params['locationId']);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const list = useQuery({ queryKey: floorplansKey(locationId), queryFn: () => listFloorplans(locationId), enabled: locationId > 0 });
  const refresh = () => queryClient.invalidateQueries({ queryKey: floorplansKey(locationId) });

  const [renaming, setRenaming] = useState<Floorplan | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const { askDelete, isDeleting } = useConfirmedDelete({
    deleteItem: (fp: Floorplan) => deleteFloorplan(fp.Id),
    warning: (fp) => ({
      title: 'Delete floorplan',
      consequence: `Are you sure? Floorplan ${fp.Name} and its layouts will be removed.`,
      rule: 'A floorplan can only be deleted when no bookings are active on it.',
      confirmLabel: 'Delete',
    }),
    onDeleted: (fp) => {
      notifications.show({ message: `Floorplan ${fp.Name} deleted`, color: 'green' });
      return refresh();
    },
    failureMessage: (err) => `Unable to delete floorplan: ${messageOf(err)}`,
    // Opening a layout reports its failures in the same bar, so a later delete replaces or clears them.
    setError: setActionError,
  });

  const openLayout = useMutation({
    // A floorplan without any layout gets a blank one first.
    mutationFn: async (fp: Floorplan) => fp.FloorplanLayout?.Id ?? (await newBlankLayout(fp.Id)).layoutId,
    onSuccess: (layoutId, fp) => void navigate(editorPath(fp.Id, layoutId)),
    onError: (err) => setActionError(`Unable to create new floorplan layout: ${messageOf(err)}`),
  });

  return (
    <>
      {list.error && <LoadErrorBar message={`Unable to load floorplans: ${statusOf(list.error)}`} onRetry={() => void list.refetch()} retrying={list.isFetching} />}
      {actionError && <ErrorBar message={actionError} />}
      <Panel>
        <PageHeading>Floorplans</PageHeading>
        <Stack>
          <CreateFloorplan locationId={locationId} onCreated={refresh} />
          <Paper withBorder>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Latest layout</Table.Th>
                  <Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.isPending && <Table.Tr><Table.Td colSpan={3} role="status">Loading floorplans…</Table.Td></Table.Tr>}
                {list.data?.length === 0 && <Table.Tr><Table.Td colSpan={3}>No floorplans yet. Create the first one above.</Table.Td></Table.Tr>}
                {list.data?.map((fp) => (
                  <Table.Tr key={fp.Id}>
                    <Table.Td>{fp.Name}</Table.Td>
                    <Table.Td>
                      {fp.FloorplanLayout === null ? <Text size="sm" c="dimmed">None</Text>
                        : fp.FloorplanLayout.Published ? <Badge color="blue.9">Published</Badge>
                          : <Badge color="gray.8">Draft</Badge>}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button size="xs" onClick={() => openLayout.mutate(fp)} loading={openLayout.isPending && openLayout.variables?.Id === fp.Id}
                          aria-label={`Edit Layout of ${fp.Name}`}>Edit Layout</Button>
                        <Button size="xs" variant="default" onClick={() => setRenaming(fp)} aria-label={`Rename ${fp.Name}`}>Rename</Button>
                        {fp.FloorplanLayout?.Published && <DeskQrSheetButton siteId={siteId} locationId={locationId} floorplan={fp} />}
                        <DeleteRowButton name={fp.Name} onClick={() => askDelete(fp)} loading={isDeleting(fp)} />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
          <BackToMenu to={Number.isInteger(siteId) ? `/menu/settings/sites/${siteId}/locations` : '/menu/settings/sites'} label="Back to Locations" />
        </Stack>
      </Panel>
      {renaming && <RenameFloorplan floorplan={renaming} onClose={() => setRenaming(null)} onRenamed={refresh} />}
    </>
  );
}

function CreateFloorplan({ locationId, onCreated }: { locationId: number; onCreated: () => unknown }) {
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const create = useMutation({
    mutationFn: (n: string) => createFloorplan(locationId, n),
    onSuccess: () => {
      setName('');
      setTouched(false);
      notifications.show({ message: 'Floorplan created', color: 'green' });
      return onCreated();
    },
  });
  const empty = name.trim() === '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!empty) create.mutate(name.trim());
  };
  return (
    <Paper withBorder p="md" component="form" onSubmit={submit}>
      <Stack gap="xs">
        {create.error && <Alert color="red" role="alert">{`Unable to create new floorplan: ${messageOf(create.error)}`}</Alert>}
        <Group align="flex-end">
          <TextInput label="New floorplan name" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={200}
            error={touched && empty ? EMPTY_NAME : undefined} style={{ flex: 1 }} />
          <Button type="submit" loading={create.isPending}>Create floorplan</Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function RenameFloorplan({ floorplan, onClose, onRenamed }: { floorplan: Floorplan; onClose: () => void; onRenamed: () => unknown }) {
  const [name, setName] = useState(floorplan.Name);
  const rename = useMutation({
    mutationFn: (n: string) => renameFloorplan(floorplan, n),
    onSuccess: () => {
      onClose();
      return onRenamed();
    },
    // SPEC 8: a rename refused (an invalid Id, say) is logged; the dialog shows the reason too.
    onError: (err) => console.error('Rename failed', err),
  });
  const empty = name.trim() === '';
  return (
    <Modal opened onClose={onClose} title={`Rename ${floorplan.Name}`}>
      <form onSubmit={(e) => {
        e.preventDefault();
        if (!empty) rename.mutate(name.trim());
      }}>
        <Stack>
          {rename.error && <Alert color="red" role="alert">{`Unable to rename floorplan: ${messageOf(rename.error)}`}</Alert>}
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={200}
            error={empty ? EMPTY_NAME : undefined} data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" disabled={empty} loading={rename.isPending}>Save</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
