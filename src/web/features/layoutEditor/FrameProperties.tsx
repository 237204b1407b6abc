import { Group, Stack, Text } from '@mantine/core';
import type { Frame } from '../../floorplan/engine/elements.js';

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Position, size and rotation of a shape, rectangle or door, shown read-only: the engine has no
 * update for them yet (they change by dragging the element and its handles on the canvas).
 */
export function FrameProperties({ frame, sized }: { frame: Frame; sized: boolean }) {
  const rows: Array<[string, string]> = [
    ['Position', `${round(frame.x)}, ${round(frame.y)}`],
    ...(sized ? ([['Size', `${round(frame.width)} × ${round(frame.height)}`]] as Array<[string, string]>) : []),
    ['Rotation', `${round(frame.rotation)}°`],
  ];
  return (
    <Stack gap={4}>
      {rows.map(([name, value]) => (
        <Group key={name} justify="space-between" gap="xs">
          <Text size="sm" c="gray.7">{name}</Text>
          <Text size="sm" ff="monospace">{value}</Text>
        </Group>
      ))}
      <Text size="xs" c="gray.7" mt={4}>Drag the element or its handles on the canvas to change these.</Text>
    </Stack>
  );
}
