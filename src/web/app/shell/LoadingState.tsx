import { Center, Group, Loader, Paper, Skeleton, Stack, Text } from '@mantine/core';

/**
 * The app's one loading state: a spinner and "Loading <what>…" in words, in a polite live region
 * (role="status"), so a screen reader hears what the page is waiting for and sighted people on a
 * slow connection read it rather than guess. `minHeight` keeps about the room the content will take,
 * so the page does not jump when it arrives (e2e/loadingStates.spec.ts checks every page shows one).
 */
export function LoadingState({ what, minHeight = 120, size = 'md' }: { what: string; minHeight?: number; size?: 'sm' | 'md' }) {
  return (
    // A status takes its name from aria-label only, not from its words: the same words, so that it can
    // be found by name ("Loading the floorplan") as well as read.
    <Center role="status" aria-label={`Loading ${what}`} mih={minHeight} data-loading>
      <Group gap="sm" wrap="nowrap">
        {/* The theme makes every Loader a status of its own; here the words are the status. */}
        <Loader size={size} role="presentation" aria-hidden />
        <Text c="dimmed" size="sm">Loading {what}…</Text>
      </Group>
    </Center>
  );
}

/**
 * The same state for a form that is being filled from the server: "Loading <what>…" and grey
 * field-sized bars where the fields will be, so the form drops into the space without a jump.
 */
export function LoadingSkeleton({ what, rows = 3 }: { what: string; rows?: number }) {
  return (
    <Paper withBorder p="lg">
      <Stack>
        <Text c="dimmed" size="sm" role="status" aria-label={`Loading ${what}`}>Loading {what}…</Text>
        {Array.from({ length: rows }, (_, i) => <Skeleton key={i} height={36} aria-hidden />)}
      </Stack>
    </Paper>
  );
}
