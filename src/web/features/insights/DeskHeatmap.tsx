import { Alert, Box, Group, Loader, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { DESK_SIZE } from '../../../domain/layout/constants.js';
import type { Drawing } from '../../../domain/layout/drawing.js';
import { getLayout } from '../deskBooking/deskBookingApi.js';
import { parseDrawableJson } from '../../../domain/layout/drawable.js';
import { FloorplanSvg } from '../../floorplan/view/index.js';
import { getDeskHeat, insightKeys, listFloorplans, type InsightsScope } from './insightsApi.js';
import { BANDS, bandOf, SUPPRESSED_FILL } from './heatBands.js';
import { fewerThan, percent } from './insightsText.js';

const MARGIN = 60;

/** The part of the canvas the desks and shapes occupy, so the plan fills the box instead of the 20,000-unit canvas. */
function bounds(d: Drawing): string {
  const xs: number[] = []; const ys: number[] = [];
  for (const k of d.desks) { xs.push(k.x, k.x + DESK_SIZE); ys.push(k.y, k.y + DESK_SIZE); }
  for (const r of d.floorplanRectangles ?? []) { xs.push(r.x, r.x + r.width); ys.push(r.y, r.y + r.height); }
  if (xs.length === 0) return '0 0 400 300';
  const x0 = Math.min(...xs) - MARGIN; const y0 = Math.min(...ys) - MARGIN;
  return `${x0} ${y0} ${Math.max(...xs) + MARGIN - x0} ${Math.max(...ys) + MARGIN - y0}`;
}

/**
 * Each desk of a floor shaded by its utilisation over the period, drawn over the floorplan view
 * (FloorplanSvg, reused as is: the plan underneath, the shades as its overlay). A legend names the
 * bands and a table lists every desk with its figure (the text alternative).
 */
export function DeskHeatmap({ scope, locationId, locale }: { scope: InsightsScope; locationId: number; locale: string }) {
  const plans = useQuery({ queryKey: ['insights', 'floorplans', locationId], queryFn: () => listFloorplans(locationId) });
  const [chosen, setChosen] = useState<string | null>(null);
  const floorplanId = chosen !== null ? Number(chosen) : plans.data?.[0]?.Id ?? null;
  const layout = useQuery({ queryKey: ['insights', 'layout', floorplanId], queryFn: () => getLayout(floorplanId!), enabled: floorplanId !== null });
  const heat = useQuery({ queryKey: insightKeys.desks(floorplanId ?? 0, scope), queryFn: () => getDeskHeat(floorplanId!, scope), enabled: floorplanId !== null });
  const drawing = useMemo(() => parseDrawableJson(layout.data?.Json), [layout.data]);
  const rates = useMemo(() => new Map((heat.data?.Desks ?? []).map((d) => [d.DeskId, d.Rate])), [heat.data]);
  const hidden = fewerThan(heat.data?.MinGroupSize ?? 5);
  const details = useMemo(() => new Map([...rates].map(([id, r]) => [id, r === null ? `not shown (${hidden})` : `${percent(r, locale)} used`])), [rates, hidden, locale]);

  const failed = plans.isError || layout.isError || heat.isError;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="heatmap-title">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h5" id="heatmap-title">Desk heatmap</Title>
          {(plans.data?.length ?? 0) > 1 && (
            <Select label="Floorplan" size="xs" data={plans.data!.map((p) => ({ value: String(p.Id), label: p.Name }))}
              value={String(floorplanId)} onChange={setChosen} allowDeselect={false} />
          )}
        </Group>
        <Text size="sm" c="dimmed">Each desk shaded by its booked share of the bookable hours in the period.</Text>
        {failed && <Alert color="red" role="alert">Unable to load the heatmap. Please try again.</Alert>}
        {!failed && plans.data?.length === 0 && <Text size="sm" role="status">This floor has no floorplan.</Text>}
        {!failed && floorplanId !== null && (!drawing || !heat.data) && (layout.isPending || heat.isPending) && <Loader size="sm" aria-label="Loading the heatmap" />}
        {drawing && heat.data && (
          <>
            <Box style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4, overflow: 'hidden' }}>
              <FloorplanSvg drawing={drawing} zoom={1} label="Desk heatmap" desksAs="paths" deskDetails={details}
                svgProps={{ viewBox: bounds(drawing), width: '100%', height: 320, preserveAspectRatio: 'xMidYMid meet' }}
                overlay={<g aria-hidden="true">{drawing.desks.map((d) => {
                  const r = rates.get(d.id);
                  return <rect key={d.id} x={d.x} y={d.y} width={DESK_SIZE} height={DESK_SIZE} transform={`rotate(${d.rotation} ${d.x + DESK_SIZE / 2} ${d.y + DESK_SIZE / 2})`}
                    fill={r === null || r === undefined ? SUPPRESSED_FILL : bandOf(r).fill} stroke="#212529" strokeWidth={1} strokeDasharray={r === null || r === undefined ? '3 2' : undefined} />;
                })}</g>} />
            </Box>
            <Group gap="md" component="ul" aria-label="Legend" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {BANDS.map((b) => <LegendItem key={b.words} fill={b.fill} words={b.words} />)}
              <LegendItem fill={SUPPRESSED_FILL} words={`not shown: ${hidden}`} dashed />
            </Group>
            <details>
              <summary>Every desk as a table</summary>
              <Table striped withTableBorder aria-label="Utilisation per desk">
                <Table.Thead><Table.Tr><Table.Th>Desk</Table.Th><Table.Th>Utilisation</Table.Th></Table.Tr></Table.Thead>
                <Table.Tbody>
                  {heat.data.Desks.map((d) => <Table.Tr key={d.DeskId}><Table.Td>{d.DeskName}</Table.Td><Table.Td>{d.Rate === null ? hidden : percent(d.Rate, locale)}</Table.Td></Table.Tr>)}
                </Table.Tbody>
              </Table>
            </details>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function LegendItem({ fill, words, dashed = false }: { fill: string; words: string; dashed?: boolean }) {
  return (
    <Group component="li" gap={6} wrap="nowrap">
      <svg width="16" height="16" aria-hidden="true"><rect x="1" y="1" width="14" height="14" fill={fill} stroke="#212529" strokeDasharray={dashed ? '3 2' : undefined} /></svg>
      <Text size="xs">{words}</Text>
    </Group>
  );
}
