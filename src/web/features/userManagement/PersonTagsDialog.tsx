import { Alert, Button, Group, Loader, Modal, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { TAG_TYPE } from '../../../domain/orgAccess.js';
import type { PersonRef } from '../../../domain/wire/people.js';
import type { Tag } from '../../../domain/wire/tags.js';
import { ApiError } from '../../app/api.js';
import { useLoadedSettings } from '../../app/useLoadedSettings.js';
import { SETTINGS_QUERY_KEY } from '../../app/useSettings.js';
import { assignedTags, assignTags, TagPicker } from '../tags/index.js';

/** Tag a person (user tags, type 1): POST /api/tags/assign/user/{id} with the chosen tag ids. */
export function PersonTagsDialog({ person, onClose }: { person: PersonRef; onClose: () => void }) {
  const { settings } = useLoadedSettings();
  const queryClient = useQueryClient();
  const loaded = useQuery({ queryKey: ['tags', 'assigned', 'user', person.Id], queryFn: () => assignedTags('user', person.Id) });
  const [tags, setTags] = useState<Tag[] | null>(null);
  useEffect(() => { if (loaded.data && tags === null) setTags(loaded.data); }, [loaded.data, tags]);
  const save = useMutation({
    mutationFn: (list: Tag[]) => assignTags('user', person.Id, list.map((t) => t.Id)),
    onSuccess: async (saved) => {
      queryClient.setQueryData(['tags', 'assigned', 'user', person.Id], saved);
      if (person.Id === settings.Profile.Id) await queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY });
      notifications.show({ color: 'green', title: 'Tags saved', message: `Tags saved for ${person.FullName || person.Email}.` });
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title={`Tags: ${person.FullName || person.Email}`} centered>
      <Stack>
        {loaded.isPending && <Loader size="xs" aria-label="Loading tags" />}
        {loaded.isError && <Alert color="red" role="alert">Unable to load tags</Alert>}
        {tags && <TagPicker label="Person tags" type={TAG_TYPE.User} value={tags} onChange={setTags} />}
        {save.isError && <Alert color="red" role="alert">Unable to save tags: {save.error instanceof ApiError ? save.error.serverMessage : 'the server cannot be reached'}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={() => tags && save.mutate(tags)} loading={save.isPending} disabled={!tags}>Save</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
