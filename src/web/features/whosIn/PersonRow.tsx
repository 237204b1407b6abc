import { Anchor, Avatar, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { WhosInPerson, WhosInSite } from '../../../domain/wire/whosIn.js';
import { formatTime } from '../appShell/dates.js';
import { showOnMapPath } from './whosInView.js';

/** One person in: initials, name, desk and floor, hours, and a link to their desk on the map. */
export function PersonRow({ person, site, date }: { person: WhosInPerson; site: WhosInSite; date: string }) {
  const hours = `${formatTime(person.Start, { timeZone: site.TimeZone })}–${formatTime(person.Finish, { timeZone: site.TimeZone })}`;
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Avatar radius="xl" color="blue" aria-hidden="true">{person.Initials}</Avatar>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600}>{person.Name}</Text>
            <Text size="sm" c="dimmed">{person.DeskName} · {person.LocationName}, {person.FloorplanName} · {hours}</Text>
          </Stack>
        </Group>
        <Anchor component={Link} to={showOnMapPath(person, site, date)} aria-label={`Show ${person.Name} on the map`} fw={500}>
          Show on map
        </Anchor>
      </Group>
    </Paper>
  );
}
