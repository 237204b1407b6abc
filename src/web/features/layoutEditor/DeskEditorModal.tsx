import { Alert, Button, Group, Modal, MultiSelect, NumberInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { Desk } from '../../../domain/layout/drawing.js';
import { DRAWING_LIMITS } from '../../../domain/layout/drawingBasics.js';
import { ROTATION_STEP } from '../../../domain/layout/constants.js';
import type { DeskPatch, EditResult } from '../../floorplan/engine/document.js';
import { deskTeam, parseRotation, ROTATION_ERROR, useDeskChoices } from './deskChoices.js';

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
  const [team, setTeam] = useState<string | null>(deskTeam(desk));
  const [tagIds, setTagIds] = useState<string[]>(desk.tags.map((t) => String(t.Id)));
  const [error, setError] = useState<string | null>(null);
  const { teamOptions, tagOptions, tagsFor } = useDeskChoices(desk, team);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = parseRotation(rotation);
    if (r === null) return setError(ROTATION_ERROR);
    const result = onSave({
      alias: alias.trim(),
      rotation: r,
      bookable,
      assignedTeams: team ? [Number(team)] : [],
      tags: tagsFor(tagIds),
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
