import { Alert, Button, Group, Modal, MultiSelect, NumberInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { DRAWING_LIMITS, type Desk, type Tag } from '../../../domain/layout/drawing.js';
import { ROTATION_STEP } from '../../../domain/layout/constants.js';
import type { DeskPatch, EditResult } from '../../floorplan/engine/document.js';
import { loadDeskTags, loadTeams } from './layoutApi.js';

export interface DeskEditorModalProps {
  desk: Desk;
  snap: boolean;
  onSave: (patch: DeskPatch) => EditResult;
  onClose: () => void;
}

/**
 * Edit Desk (SPEC 2.9): name/alias, rotation, tags, bookable, and at most one assigned team.
 * Teams and desk tags come from their lists; if a list cannot be loaded the desk keeps what it has.
 */
export function DeskEditorModal({ desk, snap, onSave, onClose }: DeskEditorModalProps) {
  const [alias, setAlias] = useState(desk.alias);
  const [rotation, setRotation] = useState<number | string>(desk.rotation);
  const [bookable, setBookable] = useState(desk.bookable);
  const [team, setTeam] = useState<string | null>(desk.assignedTeams[0] !== undefined ? String(desk.assignedTeams[0]) : null);
  const [tagIds, setTagIds] = useState<string[]>(desk.tags.map((t) => String(t.Id)));
  const [error, setError] = useState<string | null>(null);

  const teams = useQuery({ queryKey: ['teams'], queryFn: loadTeams, retry: false, staleTime: 60_000 });
  const tags = useQuery({ queryKey: ['tags', 'desk'], queryFn: loadDeskTags, retry: false, staleTime: 60_000 });

  const teamOptions = (teams.data ?? []).map((t) => ({ value: String(t.Id), label: t.Name }));
  if (team && !teamOptions.some((o) => o.value === team)) teamOptions.push({ value: team, label: `Team ${team}` });
  // Known tags: the desk's own (kept even if the list fails) plus the desk tag list.
  const knownTags = new Map<string, Tag>(desk.tags.map((t) => [String(t.Id), t]));
  for (const t of tags.data ?? []) knownTags.set(String(t.Id), { Id: t.Id, Label: t.Label, Tooltip: t.Tooltip });
  const tagOptions = [...knownTags.entries()].map(([value, t]) => ({ value, label: t.Label }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = typeof rotation === 'number' ? rotation : Number(rotation);
    if (!Number.isInteger(r) || r < 0 || r > 359) return setError('Rotation must be a whole number from 0 to 359');
    const result = onSave({
      alias: alias.trim(),
      rotation: r,
      bookable,
      assignedTeams: team ? [Number(team)] : [],
      tags: tagIds.map((id) => knownTags.get(id)).filter((t): t is Tag => t !== undefined),
    });
    if (result.ok) onClose();
    else setError(result.reason);
  };

  return (
    <Modal opened onClose={onClose} title={`Edit Desk ${desk.alias || desk.id}`}>
      <form onSubmit={submit}>
        <Stack>
          {error && <Alert color="red" role="alert">{error}</Alert>}
          <TextInput label="Name / alias" value={alias} maxLength={DRAWING_LIMITS.aliasLength} onChange={(e) => setAlias(e.currentTarget.value)} data-autofocus />
          <NumberInput label="Rotation (degrees)" description={snap ? `Snapping: steps of ${ROTATION_STEP}, 0 to 315` : '0 to 359'}
            min={0} max={359} step={snap ? ROTATION_STEP : 1} allowDecimal={false} value={rotation} onChange={setRotation} />
          <MultiSelect label="Tags" data={tagOptions} value={tagIds} onChange={setTagIds} searchable clearable
            nothingFoundMessage="No tags found" placeholder={tagOptions.length ? 'Choose tags' : 'No desk tags yet'} />
          <Switch label="Bookable" checked={bookable} onChange={(e) => setBookable(e.currentTarget.checked)} />
          <Select label="Assigned team" description="At most one team; beyond 48 hours ahead only its members may book this desk."
            data={teamOptions} value={team} onChange={setTeam} clearable searchable nothingFoundMessage="No teams found"
            placeholder={teamOptions.length ? 'No team' : 'No teams found'} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit">Save</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
