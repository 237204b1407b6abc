import { Paper, Stack, Text } from '@mantine/core';
import { BackToMenu } from './BackToMenu.js';
import { PageHeading } from './PageHeading.js';
import { Panel } from './Panel.js';

/**
 * Placeholder for a route whose screen a later piece of work builds (SPEC 2.1 routes all exist now).
 * Names the screen so people, tests and screen readers know where they are.
 */
export function ComingSoon({ screen, back = '/menu' }: { screen: string; back?: string }) {
  return (
    <Panel>
      <PageHeading>{screen}</PageHeading>
      <Paper withBorder p="lg" role="status">
        <Stack gap="sm">
          <Text fw={600}>Coming soon</Text>
          <Text>The {screen} screen is not available yet. It is being built and will appear here.</Text>
          <div><BackToMenu to={back} label={back === '/menu' ? 'Back to the menu' : 'Back'} /></div>
        </Stack>
      </Paper>
    </Panel>
  );
}
