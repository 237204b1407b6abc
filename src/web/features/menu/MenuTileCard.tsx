import { Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { settingsButtons, type MenuTile } from '../../../domain/permissions.js';
import { useLoadedSettings } from '../../app/useLoadedSettings.js';
import { settingsSummary } from '../settings/settingsButtonInfo.js';
import { DISABLED_REASON, MENU_TILE_INFO } from './menuTileInfo.js';

/**
 * One home-menu tile. An enabled tile is a real link (focusable, opens with Enter, can open in a
 * new tab); a disabled one is plain text marked aria-disabled, so it is announced but not reachable.
 */
export function MenuTileCard({ tile, badge }: { tile: MenuTile; badge?: number }) {
  const info = MENU_TILE_INFO[tile.id];
  const { caller } = useLoadedSettings();
  // The Settings tile lists what this person's panel holds; the others say the same to everyone.
  const description = tile.id === 'settings' ? settingsSummary(settingsButtons(caller)) : info.description;
  const heading = (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text fw={700} fz="lg" data-tile-label>{info.label}</Text>
      {badge !== undefined && badge > 0 && (
        <Badge color="red.9" size="lg" circle={badge < 10} aria-label={`${badge} pending`}>{badge}</Badge>
      )}
    </Group>
  );
  if (tile.disabled) {
    return (
      <div className="menu-tile" aria-disabled="true" data-tile={tile.id}>
        {heading}
        <Text size="sm">{DISABLED_REASON[tile.id] ?? 'Unavailable.'}</Text>
      </div>
    );
  }
  return (
    <Link className="menu-tile" to={info.to} data-tile={tile.id}>
      {heading}
      <Text size="sm" c="dimmed">{description}</Text>
    </Link>
  );
}
