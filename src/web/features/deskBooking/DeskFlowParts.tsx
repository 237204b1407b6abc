import { Alert, Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SettingsResponse } from '../../../domain/wire/settings.js';
import { BackToMenu } from '../../app/shell/BackToMenu.js';
import { LoadingState } from '../../app/shell/LoadingState.js';
import { DESK_BOOK_PATH } from '../../../domain/deskRoute.js';

/**
 * Why desk booking is refused for everyone right now (SPEC 2.2 and issue 9), or null. The server
 * refuses too; the screens say so up front instead of letting people choose a desk for nothing.
 */
export function deskBookingRefusal(settings: Pick<SettingsResponse, 'MaintenanceMode' | 'DeskBookingEnabled'>, siteDeskBooking = true): string | null {
  if (settings.MaintenanceMode) return 'Desk booking is not available while Hotdesk is in maintenance mode. Please try again later.';
  if (!settings.DeskBookingEnabled) return 'Desk booking is turned off.';
  if (!siteDeskBooking) return 'Desk booking is turned off at this site.';
  return null;
}

/** The refusal state: says why, and offers the way back. */
export function Refusal({ message }: { message: string }) {
  return (
    <Paper withBorder p="lg" role="status">
      <Stack gap="sm">
        <Text fw={600}>Desk booking is unavailable</Text>
        <Text>{message}</Text>
        <div><BackToMenu /></div>
      </Stack>
    </Paper>
  );
}

/** The desk steps' loading state: the app's shared one. */
export function Loading({ what }: { what: string }) {
  return <LoadingState what={what} minHeight={120} />;
}

/** The chosen date and times, with the way back to change them. */
export function ChosenTimes({ description, children }: { description: string; children?: ReactNode }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Text><Text span fw={600}>When:</Text> {description}</Text>
      <Anchor component={Link} to={DESK_BOOK_PATH}>Change date or time</Anchor>
      {children}
    </Group>
  );
}

/** A hand-typed address with dates that are not dates. */
export function BadTimes() {
  return (
    <Alert color="red" title="These dates are not valid" role="alert">
      <Stack gap="xs">
        <Text>The start and end in this address cannot be read, or the end is not after the start.</Text>
        <Anchor component={Link} to={DESK_BOOK_PATH}>Choose a date and time</Anchor>
      </Stack>
    </Alert>
  );
}
