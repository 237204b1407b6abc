import { SimpleGrid, Text } from '@mantine/core';
import { menuTiles } from '../../../domain/permissions.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { useLoadedSettings } from '../../app/useLoadedSettings.js';
import { UsualDeskCard } from '../favouriteDesks/UsualDeskCard.js';
import { MenuTileCard } from './MenuTileCard.js';
import { usePendingApprovalCount } from './usePendingApprovalCount.js';

/** Home menu (SPEC 2.2): the tiles menuTiles() allows for this person and these settings. */
export function MenuPage() {
  const { settings, caller } = useLoadedSettings();
  const pending = usePendingApprovalCount(caller.roomApprover);
  const tiles = menuTiles(caller, settings, pending);
  const firstName = settings.Profile.FullName.split(' ')[0] ?? '';

  return (
    <Panel size="md">
      <PageHeading>Home</PageHeading>
      <Text mb="lg" mt={-8}>Welcome{firstName ? `, ${firstName}` : ''}. What would you like to do?</Text>
      {settings.MaintenanceMode && (
        <Text role="status" mb="md" p="sm" bg="yellow.1" c="dark" style={{ borderRadius: 8 }}>
          Hotdesk is in maintenance mode: new bookings are paused.
        </Text>
      )}
      <nav aria-label="Home menu">
        <SimpleGrid component="ul" cols={{ base: 1, xs: 2, md: 3 }} spacing="md" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {tiles.map((tile) => (
            <li key={tile.id}>
              <MenuTileCard tile={tile} badge={tile.id === 'approveRequests' ? pending : undefined} />
            </li>
          ))}
        </SimpleGrid>
      </nav>
      {/* Book my usual desk (issue 20): where Book a Desk is offered and open. */}
      {tiles.some((t) => t.id === 'bookDesk' && !t.disabled) && <UsualDeskCard />}
    </Panel>
  );
}
