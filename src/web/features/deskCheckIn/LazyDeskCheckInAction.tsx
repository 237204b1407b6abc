import { Button, Text } from '@mantine/core';
import type { ComponentProps } from 'react';
import { lazyPart, useLazyPart } from '../../app/lazyPart.js';
import type { DeskCheckInAction } from './DeskCheckInAction.js';

/**
 * The desk map's "Check in" (DeskCheckInAction) with its code off the map's first load: it shows only
 * on a desk of one's own, and it brings the check-in state, My Bookings' keys and the cancellation
 * calls with it (five files, ~6.5 KB, each a request the map's first paint waited for on a slow
 * connection: issue 19 point 7). The map preloads it when one of the person's own desks is on it.
 */
const action = lazyPart(() => import('./DeskCheckInAction.js'));

export const preloadDeskCheckInAction = (): void => void action.preload().catch(() => undefined);

type Props = ComponentProps<typeof DeskCheckInAction>;

export function LazyDeskCheckInAction(props: Props) {
  const { module, failed, retry } = useLazyPart(action, true);
  if (module) return <module.DeskCheckInAction {...props} />;
  // While the code loads: nothing, as the action itself shows nothing while it asks for the desk's state.
  if (!failed) return null;
  return (
    <Text component="div" size="sm" c="red.9" role="alert" data-desk-check-in="failed">
      Check-in could not be loaded.{' '}
      <Button size="xs" variant="light" color="red" onClick={retry}>Try again</Button>
    </Text>
  );
}
