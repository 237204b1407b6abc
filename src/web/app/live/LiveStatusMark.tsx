import { Box, Text } from '@mantine/core';
import { useLiveStatus } from './useLiveEvents.js';

/**
 * "Offline — reconnecting" while the live channel is down (issue 24), in the app shell. The status
 * region is always present (empty when online) so screen readers announce the change when it appears.
 */
export function LiveStatusMark() {
  const offline = useLiveStatus() === 'offline';
  return (
    <Box role="status" aria-live="polite" data-testid="live-status">
      {offline && (
        <Box bg="yellow.1" py={4} px="md" style={{ borderBottom: '1px solid var(--mantine-color-yellow-4)', textAlign: 'center' }}>
          <Text size="sm" fw={600} c="dark.8">Offline — reconnecting…</Text>
        </Box>
      )}
    </Box>
  );
}
