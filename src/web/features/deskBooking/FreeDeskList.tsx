import { Text, Title } from '@mantine/core';
import { useId } from 'react';

/**
 * The free desks as a list box beside the drawing: one Tab stop, the arrow keys (and typing a
 * desk's name) move through it, and choosing one selects that desk on the drawing too. A native
 * list box keeps thousands of desks cheap and works with every screen reader and on phones.
 */
export function FreeDeskList({ desks, selectedId, onSelect }: {
  desks: { id: string; name: string }[];
  selectedId: string | null;
  onSelect: (deskId: string) => void;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`}>
      <Title order={2} size="h4" id={`${id}-heading`} mb="xs">Free desks</Title>
      {desks.length === 0 ? (
        <Text size="sm" role="status">No desks are free at this time.</Text>
      ) : (
        <>
          <label htmlFor={`${id}-list`} style={{ display: 'block', fontSize: 'var(--mantine-font-size-sm)', marginBottom: 4 }}>
            {desks.length} free desk{desks.length === 1 ? '' : 's'}: choose one
          </label>
          <select
            id={`${id}-list`}
            className="free-desk-list"
            size={Math.min(12, Math.max(desks.length, 2))}
            value={selectedId !== null && desks.some((d) => d.id === selectedId) ? selectedId : ''}
            onChange={(e) => { if (e.currentTarget.value) onSelect(e.currentTarget.value); }}
            style={{
              width: '100%', fontSize: 'var(--mantine-font-size-sm)', padding: 4,
              border: '1px solid var(--mantine-color-gray-5)', borderRadius: 'var(--mantine-radius-sm)',
            }}
          >
            {/* Matches "nothing chosen"; without it React would show the first desk as chosen. */}
            <option value="" disabled hidden>No desk chosen</option>
            {desks.map((d) => <option key={d.id} value={d.id}>{d.name}</option>)}
          </select>
        </>
      )}
    </section>
  );
}
