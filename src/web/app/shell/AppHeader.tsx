import { Anchor, Box, Group, Image } from '@mantine/core';
import { Link } from 'react-router';
import { withBase } from '../basePath.js';
import { UserMenu } from './UserMenu.js';

/** Organisation logo and app name (a link home) on the left, the user menu on the right. */
export function AppHeader({ fullName }: { fullName?: string }) {
  return (
    <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Group justify="space-between" wrap="nowrap" maw={1200} mx="auto" px={{ base: 'sm', sm: 'md' }} h={60}>
        <Box component="nav" aria-label="Main">
          <Anchor component={Link} to="/menu" underline="never" c="dark" aria-label="Hotdesk home">
            <Group gap="xs" wrap="nowrap">
              <Image src={withBase('/api/logo')} alt="" w={36} h={36} />
              <Box component="span" fw={700} fz="lg">Hotdesk</Box>
            </Group>
          </Anchor>
        </Box>
        {fullName !== undefined && <UserMenu fullName={fullName} />}
      </Group>
    </Box>
  );
}
