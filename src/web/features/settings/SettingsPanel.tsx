import { Button, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router';
import { settingsButtons } from '../../../domain/permissions.js';
import { BackToMenu } from '../../app/shell/BackToMenu.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { useLoadedSettings } from '../../app/useLoadedSettings.js';
import { SETTINGS_BUTTON_INFO } from './settingsButtonInfo.js';
import { useAppVersion } from './useAppVersion.js';

/** Settings panel (SPEC 2.3): the buttons settingsButtons() allows, and the version label. */
export function SettingsPanel() {
  const { caller } = useLoadedSettings();
  const version = useAppVersion();
  const buttons = settingsButtons(caller);

  return (
    <Panel>
      <PageHeading>Settings</PageHeading>
      <Paper withBorder p="lg">
        <nav aria-label="Settings">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            {buttons.map((id) => (
              <Button key={id} component={Link} to={SETTINGS_BUTTON_INFO[id].to} size="md" variant="light" justify="flex-start">
                {SETTINGS_BUTTON_INFO[id].label}
              </Button>
            ))}
          </SimpleGrid>
        </nav>
        {buttons.length === 0 && <Text>There is nothing here for your account to change.</Text>}
      </Paper>
      <Group justify="space-between" mt="md">
        <BackToMenu />
        <Text size="sm" c="dimmed" data-testid="version-label">{version ? `v${version}` : ''}</Text>
      </Group>
    </Panel>
  );
}
