import { Text } from '@mantine/core';

/**
 * "Repeats: Every week on Tuesday, 4 times": the rule "Check dates" will check, in words. Under the
 * Repeat choices (RepeatDetails), and under the failure message when those could not be loaded, so a
 * person always reads the rule they are about to check.
 */
export function RepeatWords({ words }: { words: string | null }) {
  return <Text size="sm" aria-live="polite"><Text span fw={600}>Repeats:</Text> {words ?? 'finish the choices above'}</Text>;
}
