import { MultiSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TeamRef } from '../../../domain/wire/people.js';
import { listTeams, TEAMS_KEY } from './restrictionsApi.js';
import { NO_TEAMS_FOUND } from './restrictionText.js';

/**
 * Teams are few and short-named, so the whole list (GET /api/teams) is loaded once and filtered
 * as the person types, rather than searched on the server.
 */
export function TeamPicker({ label, value, onChange, beforeRemove }: {
  label: string;
  value: readonly TeamRef[];
  onChange: (next: TeamRef[]) => void;
  beforeRemove?: (team: TeamRef) => boolean;
}) {
  const teams = useQuery({ queryKey: TEAMS_KEY, queryFn: listTeams, staleTime: 60_000 });
  // Chosen teams stay listed even if the list has not loaded (or no longer has them).
  const known = new Map<number, TeamRef>();
  for (const t of [...value, ...(teams.data ?? [])]) known.set(t.Id, t);
  const data = [...known.values()].map((t) => ({ value: String(t.Id), label: t.Name }));

  const change = (ids: string[]) => {
    const kept = new Set(ids);
    const removed = value.filter((t) => !kept.has(String(t.Id)));
    if (beforeRemove && removed.some((t) => !beforeRemove(t))) return;
    onChange(ids.map((id) => known.get(Number(id))).filter((t): t is TeamRef => t !== undefined));
  };

  return (
    <MultiSelect
      label={label}
      placeholder={value.length === 0 ? 'Search teams' : undefined}
      data={data}
      value={value.map((t) => String(t.Id))}
      onChange={change}
      searchable
      clearable={false}
      nothingFoundMessage={teams.isPending ? 'Loading teams…' : teams.isError ? 'Unable to load teams' : NO_TEAMS_FOUND}
      hidePickedOptions
    />
  );
}
