import { Text } from '@mantine/core';
import { useState } from 'react';
import type { TagType } from '../../../domain/orgAccess.js';
import type { Tag } from '../../../domain/wire/tags.js';
import { AsyncMultiPicker } from '../restrictions/AsyncMultiPicker.js';
import { NewTagDialog } from './NewTagDialog.js';
import { searchTags, tagSearchKey } from './tagsApi.js';

/** SPEC 5/9: the tag picker resolves 800 ms after the last key. */
const TAG_DEBOUNCE_MS = 800;

/**
 * Choose tags: typing offers matching tags (of `type` when given, POST /api/tags/searchbytype;
 * of every type otherwise) plus 'Add new tag', which opens the New Tag dialog with the typed
 * label; the created tag is chosen at once. The picker only edits the list: saving it is the
 * caller's (e.g. POST /api/tags/assign/{kind}/{id} after the place is saved).
 */
export function TagPicker({ label = 'Tags', type = null, value, onChange, canCreate = true, description, loading = false }: {
  label?: string;
  type?: TagType | null;
  value: readonly Tag[];
  onChange: (next: Tag[]) => void;
  /** Creating tags is for admins (POST /api/tags). */
  canCreate?: boolean;
  description?: string;
  /** The place's tags are still on their way: say so, rather than show an empty list as if it had none. */
  loading?: boolean;
}) {
  const [newLabel, setNewLabel] = useState<string | null>(null);
  return (
    <>
      <AsyncMultiPicker<Tag>
        label={label}
        description={loading ? <Text span size="xs" role="status">Loading tags…</Text> : description}
        placeholder="Type to find a tag"
        value={value}
        onChange={onChange}
        keyOf={(t) => String(t.Id)}
        labelOf={(t) => t.Label}
        detailOf={(t) => t.Tooltip}
        queryKey={(text) => tagSearchKey(text, type)}
        search={(text) => searchTags(text, type)}
        minChars={1}
        debounceMs={TAG_DEBOUNCE_MS}
        emptyText="No tags found"
        addNew={canCreate ? { label: (text) => `Add new tag "${text}"`, onSelect: setNewLabel } : undefined}
      />
      {newLabel !== null && (
        <NewTagDialog initialLabel={newLabel} initialType={type} onClose={() => setNewLabel(null)}
          onCreated={(tag) => onChange([...value.filter((t) => t.Id !== tag.Id), tag])} />
      )}
    </>
  );
}
