import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Tag } from '../../../domain/wire/tags.js';
import { assignedTags, assignedTagsKey, assignTags, type TagTarget } from './tagsApi.js';

/**
 * The tags of a site, location or room being edited: loaded once (none for a new place), edited
 * locally, and saved with `save(id)` after the place itself is saved (a new place has no id before).
 */
export function usePlaceTags(kind: TagTarget, id: number | null) {
  const queryClient = useQueryClient();
  const loaded = useQuery({ queryKey: assignedTagsKey(kind, id ?? 0), queryFn: () => assignedTags(kind, id!), enabled: id !== null });
  const [edited, setEdited] = useState<Tag[] | null>(null);
  const tags = edited ?? loaded.data ?? [];

  const save = async (savedId: number) => {
    if (edited === null) return; // untouched: nothing to replace
    const result = await assignTags(kind, savedId, edited.map((t) => t.Id));
    queryClient.setQueryData(assignedTagsKey(kind, savedId), result);
  };

  return { tags, setTags: setEdited, loading: id !== null && loaded.isPending, loadError: loaded.error, save };
}
