import { Paper, Stack, Text } from '@mantine/core';
import { BackToMenu } from './BackToMenu.js';
import { PageHeading } from './PageHeading.js';
import { Panel } from './Panel.js';

/** What someone sees when they type the address of a page their roles do not open. */
export function NoAccess() {
  return (
    <Panel>
      <PageHeading>You do not have access to this page</PageHeading>
      <Paper withBorder p="lg">
        <Stack gap="sm">
          <Text>Your account does not have the role this page needs. If you think it should, ask your organisation&apos;s Hotdesk administrator.</Text>
          <div><BackToMenu /></div>
        </Stack>
      </Paper>
    </Panel>
  );
}
