import { Paper, Stack, Text } from '@mantine/core';
import { BackToMenu } from './BackToMenu.js';
import { PageHeading } from './PageHeading.js';
import { Panel } from './Panel.js';

export function NotFound() {
  return (
    <Panel>
      <PageHeading>Page not found</PageHeading>
      <Paper withBorder p="lg">
        <Stack gap="sm">
          <Text>There is no page at this address. It may have moved, or the link may be mistyped.</Text>
          <div><BackToMenu /></div>
        </Stack>
      </Paper>
    </Panel>
  );
}
