import { useQuery } from '@tanstack/react-query';
import type { Desk, Tag } from '../../../domain/layout/drawing.js';
import { loadDeskTags, loadTeams } from './layoutApi.js';

/** Rotation as typed: a whole number from 0 to 359 (the engine then applies the snapping steps). */
export const ROTATION_ERROR = 'Rotation must be a whole number from 0 to 359';

export const parseRotation = (value: number | string): number | null => {
  const r = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(r) && r >= 0 && r <= 359 ? r : null;
};

export interface DeskChoices {
  teamOptions: Array<{ value: string; label: string }>;
  tagOptions: Array<{ value: string; label: string }>;
  /** The chosen tag ids as the desk stores them (unknown ids are dropped). */
  tagsFor: (ids: readonly string[]) => Tag[];
}

/**
 * Teams and desk tags to choose from, for the Edit Desk dialog and the properties panel alike. If a
 * list cannot be loaded the desk keeps what it has: its own team and tags stay among the choices.
 */
export function useDeskChoices(desk: Desk, team: string | null): DeskChoices {
  const teams = useQuery({ queryKey: ['teams'], queryFn: loadTeams, retry: false, staleTime: 60_000 });
  const tags = useQuery({ queryKey: ['tags', 'desk'], queryFn: loadDeskTags, retry: false, staleTime: 60_000 });

  const teamOptions = (teams.data ?? []).map((t) => ({ value: String(t.Id), label: t.Name }));
  if (team && !teamOptions.some((o) => o.value === team)) teamOptions.push({ value: team, label: `Team ${team}` });
  const knownTags = new Map<string, Tag>(desk.tags.map((t) => [String(t.Id), t]));
  for (const t of tags.data ?? []) knownTags.set(String(t.Id), { Id: t.Id, Label: t.Label, Tooltip: t.Tooltip });
  const tagOptions = [...knownTags.entries()].map(([value, t]) => ({ value, label: t.Label }));
  const tagsFor = (ids: readonly string[]) => ids.map((id) => knownTags.get(id)).filter((t): t is Tag => t !== undefined);
  return { teamOptions, tagOptions, tagsFor };
}

export const deskTeam = (desk: Desk): string | null => (desk.assignedTeams[0] !== undefined ? String(desk.assignedTeams[0]) : null);
