import { Chip, Group, Text } from '@mantine/core';

/**
 * Filters of the desk map and the free-desk list (issue 20): the tags desks on this floor carry
 * (monitor, standing desk, ...) and "Favourites". A desk must carry every chosen tag; desks left out
 * are veiled on the map and left out of the list.
 */
export function DeskFilters({ tags, chosen, onChosen, favouritesOnly, onFavouritesOnly, hasFavourites, leftOut }: {
  tags: { label: string; tooltip: string }[];
  chosen: string[];
  onChosen: (labels: string[]) => void;
  favouritesOnly: boolean;
  onFavouritesOnly: (on: boolean) => void;
  hasFavourites: boolean;
  /** How many desks the filters leave out, for the words under them. */
  leftOut: number | null;
}) {
  if (tags.length === 0 && !hasFavourites) return null;
  return (
    <Group gap="xs" wrap="wrap" component="section" aria-label="Filter desks">
      <Text size="sm" fw={500} id="desk-filter-label">Show desks with:</Text>
      <Chip.Group multiple value={chosen} onChange={onChosen}>
        <Group gap={6} wrap="wrap" role="group" aria-labelledby="desk-filter-label">
          {tags.map((t) => (
            <Chip key={t.label} value={t.label} size="sm" title={t.tooltip || undefined}>{t.label}</Chip>
          ))}
        </Group>
      </Chip.Group>
      {hasFavourites && (
        <Chip size="sm" color="orange" checked={favouritesOnly} onChange={onFavouritesOnly}>★ My favourites</Chip>
      )}
      <Text size="xs" c="dark.6" role="status" aria-live="polite">
        {leftOut === null ? '' : `${leftOut.toLocaleString('en-GB')} desk${leftOut === 1 ? '' : 's'} hidden by the filters.`}
      </Text>
    </Group>
  );
}
