import { List, Paper, Text } from '@mantine/core';
import type { TeamGroupSync } from '../../../domain/wire/admin.js';

/**
 * Tells an admin what linking a team to a group will do here: whether sign-in sync is configured
 * (OIDC_GROUPS_CLAIM) and which groups give which roles (OIDC_ROLE_GROUPS). Read-only: both are
 * server settings, changed by whoever runs Hotdesk.
 */
export function GroupSyncNote({ sync }: { sync: TeamGroupSync }) {
  if (!sync.GroupsClaim) {
    return (
      <Text size="sm" c="dimmed">
        Group sync from your identity provider is off (OIDC_GROUPS_CLAIM is not set): group links are kept but change nothing.
      </Text>
    );
  }
  return (
    // A plain panel, not an Alert: Mantine's Alert is a live region, and this is standing information.
    <Paper withBorder p="sm" component="section" aria-labelledby="group-sync-title">
      <Text id="group-sync-title" fw={600} size="sm">Teams and roles from your identity provider</Text>
      <Text size="sm">
        At each sign-in, the &lsquo;{sync.GroupsClaim}&rsquo; claim sets membership of every team linked to a group.
        Teams without a group are managed here only.
      </Text>
      {sync.RoleGroups.length > 0 && (
        <>
          <Text size="sm" mt="xs">Roles given by groups (other roles are assigned by hand):</Text>
          <List size="sm">
            {sync.RoleGroups.map((m) => <List.Item key={`${m.Group}=${m.Role}`}>{m.Group} → {m.Role}</List.Item>)}
          </List>
        </>
      )}
    </Paper>
  );
}
