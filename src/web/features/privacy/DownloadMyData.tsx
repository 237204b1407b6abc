import { Alert, Anchor, Button, Group, Loader, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ApiError } from '../../app/api.js';
import { loginPathFor } from '../../app/publicPaths.js';
import { downloadPersonalData, isSignedIn, type PersonalDataFormat } from './personalDataApi.js';

/**
 * "Download my data" (issue 25): everything Hotdesk holds about the signed-in person as one JSON file,
 * or their bookings alone as CSV. The privacy page is public, so signed-out readers get a sign-in link.
 */
export function DownloadMyData() {
  const signedIn = useQuery({ queryKey: ['signedIn'], queryFn: isSignedIn, staleTime: 60_000 });
  const download = useMutation({ mutationFn: (format: PersonalDataFormat) => downloadPersonalData(format) });
  const busy = (format: PersonalDataFormat) => download.isPending && download.variables === format;

  return (
    <section aria-labelledby="privacy-download">
      <Title order={2} size="h3" id="privacy-download" mb="xs">Download my data</Title>
      <Text mb="sm">
        Get a copy of everything Hotdesk holds about you: your profile, roles, teams and settings, your bookings (with check-ins
        and cancellations), favourite desks, calendar feed and notification subscriptions, sign-in sessions and e-mails sent to you.
        The full copy is a JSON file; the CSV file holds your bookings only, for a spreadsheet.
      </Text>
      {signedIn.isPending && <Group gap="xs"><Loader size="xs" /><Text size="sm">Checking whether you are signed in…</Text></Group>}
      {signedIn.isError && <Alert color="red" role="alert">Unable to reach Hotdesk. Please try again later.</Alert>}
      {signedIn.data === false && (
        <Text><Anchor component={Link} to={loginPathFor('/privacy')}>Sign in</Anchor> to download your data.</Text>
      )}
      {signedIn.data === true && (
        <>
          <Group gap="sm">
            <Button onClick={() => download.mutate('json')} loading={busy('json')} disabled={download.isPending && !busy('json')}>
              Download all my data (JSON)
            </Button>
            <Button variant="default" onClick={() => download.mutate('csv')} loading={busy('csv')} disabled={download.isPending && !busy('csv')}>
              Download my bookings (CSV)
            </Button>
          </Group>
          <div aria-live="polite">
            {download.isError && (
              <Alert color="red" role="alert" mt="sm">
                Your data was not downloaded: {download.error instanceof ApiError ? download.error.serverMessage : 'the server cannot be reached.'}
              </Alert>
            )}
            {download.isSuccess && <Text size="sm" mt="sm">Your download has started.</Text>}
          </div>
          <Text size="xs" c="dimmed" mt="xs">Up to 5 downloads an hour.</Text>
        </>
      )}
    </section>
  );
}
