import { Paper, Tabs } from '@mantine/core';
import { BackToMenu } from '../../app/shell/BackToMenu.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { PeopleSection } from './PeopleSection.js';
import { TeamsSection } from './TeamsSection.js';

/** User management (admin): people (roles, tags, pre-registration, admins export) and teams. */
export function UserManagementPage() {
  return (
    <Panel size="md">
      <PageHeading>User Management</PageHeading>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Tabs defaultValue="people" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="people">People</Tabs.Tab>
            <Tabs.Tab value="teams">Teams</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="people"><PeopleSection /></Tabs.Panel>
          <Tabs.Panel value="teams"><TeamsSection /></Tabs.Panel>
        </Tabs>
      </Paper>
      <BackToMenu to="/menu/settings" label="Back to Settings" />
    </Panel>
  );
}
