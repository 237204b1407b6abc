import { Button } from '@mantine/core';
import { ErrorBar } from './ErrorBar.js';

/**
 * A read that failed: the error bar with "Try again", which asks once more (a network blip should not
 * need a reload); the button spins while `retrying`.
 */
export function LoadErrorBar({ message, onRetry, retrying = false }: { message: string; onRetry: () => void; retrying?: boolean }) {
  return (
    <ErrorBar message={message}>
      <Button ml="md" size="xs" variant="white" color="red" onClick={onRetry} loading={retrying}>Try again</Button>
    </ErrorBar>
  );
}
