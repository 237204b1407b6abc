import { Anchor, Box, Group, Text } from '@mantine/core';
import { Link } from 'react-router';

export function AppFooter() {
  return (
    <Box component="footer" py="md" px="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Group justify="center" gap="md">
        <Text size="sm" c="dimmed">Hotdesk</Text>
        <Anchor component={Link} to="/privacy" size="sm">Privacy policy</Anchor>
      </Group>
    </Box>
  );
}
