import { Button } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ApiError } from './api.js';
import { ErrorBar } from './shell/ErrorBar.js';
import { LiveStatusMark } from './live/LiveStatusMark.js';
import { LoadingState } from './shell/LoadingState.js';
import { Shell } from './shell/Shell.js';
import { useSettings } from './useSettings.js';

/** Only the home menu offers push notifications (PushPrompt): its code is fetched there, after the menu is drawn. */
const PushPrompt = lazy(async () => ({ default: (await import('../features/push/PushPrompt.js')).PushPrompt }));

/**
 * Frame of every page that needs sign-in. Screens render only once the settings (and so the
 * profile) are loaded; a 401 has already sent the person to sign in (api.ts), so it only waits.
 */
export function SignedInLayout() {
  const settings = useSettings();
  const onMenu = useLocation().pathname === '/menu';

  if (settings.data) {
    return (
      <Shell fullName={settings.data.Profile.FullName} bar={<LiveStatusMark />}>
        <Outlet />
        {onMenu && <Suspense fallback={null}><PushPrompt /></Suspense>}
      </Shell>
    );
  }

  const error = settings.error;
  if (error && !(error instanceof ApiError && error.status === 401)) {
    const statusText = error instanceof ApiError ? error.statusText : 'the server cannot be reached';
    const bar = (
      <ErrorBar message={`Unable to load settings: ${statusText}`}>
        <Button ml="md" size="xs" variant="white" color="red" onClick={() => void settings.refetch()}>Try again</Button>
      </ErrorBar>
    );
    return <Shell bar={bar}>{null}</Shell>;
  }

  return (
    <Shell>
      <LoadingState what="Hotdesk" minHeight={200} />
    </Shell>
  );
}
