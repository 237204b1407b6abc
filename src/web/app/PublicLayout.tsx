import { Outlet } from 'react-router';
import { Shell } from './shell/Shell.js';

/** Frame of the pages that work signed out: sign-in, first set-up, privacy policy, room check-in. */
export function PublicLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}
