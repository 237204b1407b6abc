import type { ReactNode } from 'react';
import type { Caller } from '../../domain/permissions.js';
import { NoAccess } from './shell/NoAccess.js';
import { useLoadedSettings } from './useLoadedSettings.js';

/**
 * Shows the screen only to people the rule allows; others who type the address get a clear
 * 'no access' state. The server refuses their calls anyway: this is for people, not for security.
 */
export function RequireAccess({ rule, children }: { rule: (c: Caller) => boolean; children: ReactNode }) {
  const { caller } = useLoadedSettings();
  return rule(caller) ? children : <NoAccess />;
}
