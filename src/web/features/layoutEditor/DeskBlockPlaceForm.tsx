import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { CANVAS_SIZE, DESK_SIZE, GRID, ROTATION_STEP } from '../../../domain/layout/constants.js';
import type { Desk, Drawing } from '../../../domain/layout/drawing.js';
import { normalizeRotation, snapToGrid, type Point } from '../../../domain/layout/deskGeometry.js';
import {
  DeskBlockError,
  MAX_BLOCK_DESKS,
  MAX_BLOCK_GAP,
  blockSize,
  planDeskBlock,
  type DeskBlockSpec,
} from '../../floorplan/engine/deskBlock.js';
import { formatName } from '../../floorplan/engine/deskBlockNames.js';
import { DeskBlockNamingFields, NamesPreview, useNamingForm } from './DeskBlockNaming.js';

const ROTATIONS = Array.from({ length: 360 / ROTATION_STEP }, (_, i) => String(i * ROTATION_STEP));

interface Shape {
  rows: number | string;
  columns: number | string;
  spacingX: number | string;
  spacingY: number | string;
  rotation: string;
  facingPairs: boolean;
  bookable: boolean;
}

export interface DeskBlockPlaceFormProps {
  drawing: Drawing;
  floor: string;
  /** The canvas point at the centre of the view: the block is centred there. */
  centre: Point;
  defaultRotation: number;
  defaultBookable: boolean;
  newId: () => string;
  /** Inserts the desks (one undo step); answers why not when refused. */
  onPlace: (desks: Desk[]) => string | null;
  onCancel: () => void;
}

const num = (v: number | string): number => (v === '' ? NaN : Number(v));

/** Top-left of a block of this size centred on `centre`, on the grid and kept on the canvas. */
const originFor = (centre: Point, size: { width: number; height: number }): Point => {
  const clampOn = (v: number, extent: number) => Math.min(Math.max(v, 0), Math.max(CANVAS_SIZE - extent, 0));
  return {
    x: clampOn(snapToGrid(centre.x - size.width / 2, GRID), size.width),
    y: clampOn(snapToGrid(centre.y - size.height / 2, GRID), size.height),
  };
};

/**
 * Rows x columns of desks in one go (issue 21, point 2). Everything is checked as it is typed; the
 * preview shows the first and last names and the total; Enter places the block, centred on the view.
 */
export function DeskBlockPlaceForm({ drawing, floor, centre, defaultRotation, defaultBookable, newId, onPlace, onCancel }: DeskBlockPlaceFormProps) {
  const [shape, setShape] = useState<Shape>({
    rows: 2, columns: 6, spacingX: 0, spacingY: 40, rotation: String(normalizeRotation(defaultRotation, true)),
    facingPairs: true, bookable: defaultBookable,
  });
  const naming = useNamingForm(floor, drawing);
  const [refusal, setRefusal] = useState<string | null>(null);
  const set = (patch: Partial<Shape>) => {
    setRefusal(null);
    setShape((s) => ({ ...s, ...patch }));
  };

  const plan = useMemo(() => {
    if (!naming.resolved.ok) return { problems: [] as string[], spec: null };
    const base = {
      rows: num(shape.rows), columns: num(shape.columns), spacingX: num(shape.spacingX), spacingY: num(shape.spacingY),
      rotation: Number(shape.rotation), facingPairs: shape.facingPairs,
    };
    const size = blockSize(base);
    const spec: DeskBlockSpec = {
      ...base, origin: originFor(centre, size), bookable: shape.bookable,
      naming: { pattern: naming.resolved.pattern, start: naming.resolved.start, floor },
    };
    try {
      // A dry run with throwaway ids: the same checks as the real placement, shown as they are typed.
      planDeskBlock(spec, drawing, () => 'preview');
      return { problems: [] as string[], spec, size };
    } catch (e) {
      if (e instanceof DeskBlockError) return { problems: [...e.problems], spec: null, size };
      throw e;
    }
  }, [shape, naming.resolved, centre, floor, drawing]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!plan.spec) return;
    setRefusal(onPlace(planDeskBlock(plan.spec, drawing, newId)));
  };

  const count = num(shape.rows) * num(shape.columns);
  const resolved = naming.resolved;
  return (
    <form onSubmit={submit} aria-label="Desk block">
      <Stack gap="sm">
        <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
          <NumberInput label="Rows" value={shape.rows} onChange={(v) => set({ rows: v })} min={1} max={MAX_BLOCK_DESKS}
            allowDecimal={false} allowNegative={false} data-autofocus />
          <NumberInput label="Columns" description="Desks in each row" value={shape.columns} onChange={(v) => set({ columns: v })}
            min={1} max={MAX_BLOCK_DESKS} allowDecimal={false} allowNegative={false} />
          <NumberInput label="Gap between desks" value={shape.spacingX} onChange={(v) => set({ spacingX: v })} min={0} max={MAX_BLOCK_GAP}
            step={GRID} allowNegative={false} description="0 = side by side" />
          <NumberInput label="Gap between rows" value={shape.spacingY} onChange={(v) => set({ spacingY: v })} min={0} max={MAX_BLOCK_GAP}
            step={GRID} allowNegative={false} description={shape.facingPairs ? 'The aisle between pairs' : 'The aisle between rows'} />
          <Select label="Rotation" data={ROTATIONS.map((r) => ({ value: r, label: `${r}°` }))} value={shape.rotation}
            onChange={(v) => v !== null && set({ rotation: v })} allowDeselect={false} comboboxProps={{ withinPortal: true }} />
          <Stack gap={6} justify="flex-end" pb={4}>
            <Switch label="Facing pairs" description="Every second row turned 180°, back to back" checked={shape.facingPairs}
              onChange={(e) => set({ facingPairs: e.currentTarget.checked })} />
            <Switch label="Bookable" checked={shape.bookable} onChange={(e) => set({ bookable: e.currentTarget.checked })} />
          </Stack>
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          Units are canvas units: a desk is {DESK_SIZE} × {DESK_SIZE}, the grid {GRID}.
          {plan.size && Number.isFinite(plan.size.width) && ` The block is ${plan.size.width} × ${plan.size.height}, centred on the view.`}
        </Text>
        <DeskBlockNamingFields form={naming.form} onChange={(f) => { setRefusal(null); naming.setForm(f); }} resolved={resolved} />
        {resolved.ok && Number.isInteger(count) && count > 0 && (
          <NamesPreview count={count} first={formatName(resolved.pattern, resolved.start, floor)}
            last={formatName(resolved.pattern, resolved.start + count - 1, floor)} />
        )}
        {[...plan.problems, ...(refusal ? [refusal] : [])].map((p) => (
          <Alert key={p} color="red" p="xs" aria-live="polite"><Text size="sm">{p}</Text></Alert>
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>Cancel</Button>
          <Button type="submit" disabled={!plan.spec}>Place {Number.isInteger(count) && count > 0 ? count.toLocaleString('en') : ''} desks</Button>
        </Group>
      </Stack>
    </form>
  );
}
