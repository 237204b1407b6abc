import { Chip, Group, Text, VisuallyHidden } from '@mantine/core';
import { LazyTooltip } from '../../app/shell/LazyTooltip.js';

/** "Near my team" as DeskFilters needs it (useNearTeam); absent when the person is in no team. */
export interface NearTeamFilter {
  on: boolean;
  onChange: (on: boolean) => void;
  /** What the chip means, for its tooltip and for screen readers. */
  explanation: string;
  /** Loading, error or empty-state words while the filter is on; null when nothing needs saying. */
  status: string | null;
}

/**
 * Filters of the desk map and the free-desk list (issue 20): the tags desks on this floor carry
 * (monitor, standing desk, ...), "Favourites" and "Near my team". A desk must pass every chosen
 * filter; desks left out are veiled on the map and left out of the list.
 */
export function DeskFilters({ tags, chosen, onChosen, favouritesOnly, onFavouritesOnly, hasFavourites, leftOut, nearTeam }: {
  tags: { label: string; tooltip: string }[];
  chosen: string[];
  onChosen: (labels: string[]) => void;
  favouritesOnly: boolean;
  onFavouritesOnly: (on: boolean) => void;
  hasFavourites: boolean;
  /** How many desks the filters leave out, for the words under them. */
  leftOut: number | null;
  nearTeam?: NearTeamFilter | null;
}) {
  if (tags.length === 0 && !hasFavourites && !nearTeam) return null;
  const hiddenWords = leftOut === null ? '' : `${leftOut.toLocaleString('en-GB')} desk${leftOut === 1 ? '' : 's'} hidden by the filters.`;
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
      {nearTeam && (
        <>
          {/* The tooltip shows on hover, on keyboard focus (focus inside the span) and on touch. */}
          <LazyTooltip label={nearTeam.explanation} multiline w={280} withArrow events={{ hover: true, focus: true, touch: true }}>
            <span data-near-team-chip>
              <Chip size="sm" color="teal.9" checked={nearTeam.on} onChange={nearTeam.onChange} aria-describedby="near-team-explanation">
                Near my team
              </Chip>
            </span>
          </LazyTooltip>
          <VisuallyHidden id="near-team-explanation">{nearTeam.explanation}</VisuallyHidden>
        </>
      )}
      <Text size="xs" c="dark.6" role="status" aria-live="polite" data-desk-filter-status>
        {[nearTeam?.on ? nearTeam.status : null, hiddenWords].filter(Boolean).join(' ')}
      </Text>
    </Group>
  );
}
