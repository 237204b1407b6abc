import { Alert, MultiSelect, NumberInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { memo, useState } from 'react';
import { ROTATION_STEP } from '../../../domain/layout/constants.js';
import type { Desk } from '../../../domain/layout/drawing.js';
import { DRAWING_LIMITS } from '../../../domain/layout/drawingBasics.js';
import type { DeskPatch } from '../../floorplan/engine/document.js';
import type { Editor } from '../../floorplan/engine/editor.js';
import { useDraftField } from './useDraftField.js';
import { deskTeam, parseRotation, ROTATION_ERROR, useDeskChoices } from './deskChoices.js';

/**
 * The selected desk's fields in the properties panel: the Edit Desk dialog's fields (SPEC 2.9) with
 * its validation and save path (editor.updateDesk), applied as they change instead of on a Save
 * button: a switch or a choice at once, a typed name or rotation when Enter is pressed or the field
 * is left (Escape drops it). Each applied change is one undo step. A refused change (an invalid rotation) says why and
 * the field shows the desk's value again.
 */
export const DeskProperties = memo(function DeskProperties({ desk, editor, snap }: { desk: Desk; editor: Editor; snap: boolean }) {
  const [error, setError] = useState<string | null>(null);
  const team = deskTeam(desk);
  const { teamOptions, tagOptions, tagsFor } = useDeskChoices(desk, team);

  const apply = (patch: DeskPatch) => {
    const result = editor.updateDesk(desk.id, patch);
    setError(result.ok ? null : result.reason);
  };

  return (
    <Stack gap="sm">
      {error && <Alert color="red" role="alert" p="xs">{error}</Alert>}
      {/* Keyed by the stored value: an undo or a change elsewhere shows in the field. */}
      <AliasField key={`alias:${desk.id}:${desk.alias}`} value={desk.alias} onCommit={(alias) => apply({ alias })} />
      <RotationField key={`rot:${desk.id}:${desk.rotation}`} value={desk.rotation} snap={snap}
        onCommit={(rotation) => (rotation === null ? setError(ROTATION_ERROR) : apply({ rotation }))} />
      <Switch label="Bookable" checked={desk.bookable} onChange={(e) => apply({ bookable: e.currentTarget.checked })} />
      <Select label="Assigned team" size="sm" data={teamOptions} value={team} clearable searchable nothingFoundMessage="No teams found"
        placeholder={teamOptions.length ? 'No team' : 'No teams found'} comboboxProps={{ withinPortal: true }}
        onChange={(v) => apply({ assignedTeams: v ? [Number(v)] : [] })} />
      <MultiSelect label="Tags" size="sm" data={tagOptions} value={desk.tags.map((t) => String(t.Id))} searchable clearable
        nothingFoundMessage="No tags found" placeholder={tagOptions.length ? 'Choose tags' : 'No desk tags yet'}
        onChange={(ids) => apply({ tags: tagsFor(ids) })} />
    </Stack>
  );
});

function AliasField({ value, onCommit }: { value: string; onCommit: (alias: string) => void }) {
  const { draft, setDraft, commit, onKeyDown } = useDraftField(value, (typed) => typed.trim() !== value && onCommit(typed.trim()));
  return (
    <TextInput label="Name / alias" size="sm" value={draft} maxLength={DRAWING_LIMITS.aliasLength}
      onChange={(e) => setDraft(e.currentTarget.value)} onBlur={commit} onKeyDown={(e) => onKeyDown(e, true)} />
  );
}

function RotationField({ value, snap, onCommit }: { value: number; snap: boolean; onCommit: (rotation: number | null) => void }) {
  const { draft, setDraft, commit, onKeyDown } = useDraftField<number | string>(value, (typed) => {
    const r = parseRotation(typed);
    if (r !== value) onCommit(r);
  });
  return (
    <NumberInput label="Rotation (degrees)" size="sm" description={snap ? `Snapping: steps of ${ROTATION_STEP}, 0 to 315` : '0 to 359'}
      min={0} max={359} step={snap ? ROTATION_STEP : 1} allowDecimal={false} value={draft} onChange={setDraft}
      onBlur={commit} onKeyDown={(e) => onKeyDown(e, true)} />
  );
}
