import { Outlet } from 'react-router';
import { PageSuspense } from './lazyPage.js';
import { Shell } from './shell/Shell.js';

/** Frame of the pages that work signed out: sign-in, first set-up, privacy policy, room check-in (each loaded when opened: publicPages.tsx). */
export function PublicLayout() {
  return (
    <Shell>
      <PageSuspense>
        <Outlet />
      </PageSuspense>
    </Shell>
  );
}
