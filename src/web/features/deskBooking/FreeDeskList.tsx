import { Text, TextInput, Title } from '@mantine/core';
import { useId, useMemo, useState } from 'react';
import { freeDeskChoices } from './deskBookingView.js';

/**
 * The most desks the list box holds at once. A list box of thousands of options cost ~200 ms when a
 * 5,000-desk floor opened (bench/README.md), and nobody scrolls through thousands: past this many, a
 * search field narrows the list instead.
 */
export const FREE_DESK_LIST_LIMIT = 100;

/**
 * The free desks as a list box beside the drawing: one Tab stop, the arrow keys (and typing a
 * desk's name) move through it, and choosing one selects that desk on the drawing too. A native
 * list box works with every screen reader and on phones. On big floors a search field comes first.
 */
export function FreeDeskList({ desks, selectedId, onSelect }: {
  desks: { id: string; name: string }[];
  selectedId: string | null;
  onSelect: (deskId: string) => void;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const searchable = desks.length > FREE_DESK_LIST_LIMIT;
  const { shown, matching } = useMemo(
    () => freeDeskChoices(desks, searchable ? search : '', selectedId, FREE_DESK_LIST_LIMIT), [desks, search, searchable, selectedId]);

  return (
    <section aria-labelledby={`${id}-heading`}>
      <Title order={2} size="h4" id={`${id}-heading`} mb="xs">Free desks</Title>
      {desks.length === 0 ? (
        <Text size="sm" role="status">No desks are free at this time.</Text>
      ) : (
        <>
          {searchable && (
            <>
              <TextInput label="Find a free desk" description="Part of its name or number" size="sm" mb={4}
                value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
              <Text size="xs" c="dark.6" role="status" aria-live="polite" mb={4}>
                {matching === 0 ? 'No free desk matches.' : matching > FREE_DESK_LIST_LIMIT
                  ? `Showing the first ${FREE_DESK_LIST_LIMIT} of ${matching.toLocaleString('en-GB')} matching desks.`
                  : `${matching} matching desk${matching === 1 ? '' : 's'}.`}
              </Text>
            </>
          )}
          <label htmlFor={`${id}-list`} style={{ display: 'block', fontSize: 'var(--mantine-font-size-sm)', marginBottom: 4 }}>
            {desks.length.toLocaleString('en-GB')} free desk{desks.length === 1 ? '' : 's'}: choose one
          </label>
          <select
            id={`${id}-list`}
            className="free-desk-list"
            size={Math.min(12, Math.max(shown.length, 2))}
            value={selectedId !== null && shown.some((d) => d.id === selectedId) ? selectedId : ''}
            onChange={(e) => { if (e.currentTarget.value) onSelect(e.currentTarget.value); }}
            style={{
              width: '100%', fontSize: 'var(--mantine-font-size-sm)', padding: 4,
              border: '1px solid var(--mantine-color-gray-5)', borderRadius: 'var(--mantine-radius-sm)',
            }}
          >
            {/* Matches "nothing chosen"; without it React would show the first desk as chosen. */}
            <option value="" disabled hidden>No desk chosen</option>
            {shown.map((d) => <option key={d.id} value={d.id}>{d.name}</option>)}
          </select>
        </>
      )}
    </section>
  );
}
