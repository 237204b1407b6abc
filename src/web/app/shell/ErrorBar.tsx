import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The error bar pattern: a full-width red bar announced to screen readers, e.g.
 * 'Unable to load settings: Internal Server Error' (SPEC 8). Optional children hold a retry action.
 */
export function ErrorBar({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <Alert color="red" variant="filled" role="alert" radius={0} styles={{ message: { fontWeight: 600 } }}>
      {message}
      {children}
    </Alert>
  );
}
