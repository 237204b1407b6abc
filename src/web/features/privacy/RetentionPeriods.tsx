import { List, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { RetentionSettings } from '../../../domain/wire/audit.js';
import { api } from '../../app/api.js';

const months = (n: number) => (n % 12 === 0 ? `${n / 12} year${n === 12 ? '' : 's'}` : `${n} month${n === 1 ? '' : 's'}`);

/**
 * How long Hotdesk keeps what it holds, from the organisation's actual settings (GET /api/privacy/retention,
 * readable signed out like the rest of this page), so the page never promises a period the jobs do not keep.
 */
export function RetentionPeriods() {
  const periods = useQuery({ queryKey: ['privacy', 'retention'], queryFn: () => api.get<RetentionSettings>('/api/privacy/retention') });
  const p = periods.data;
  return (
    <section aria-labelledby="privacy-retention">
      <Title order={2} size="h3" id="privacy-retention" mb="xs">How long we keep it</Title>
      {periods.isPending && <Text role="status" c="dimmed">Loading how long your organisation keeps data…</Text>}
      {periods.isError && <Text role="alert">The periods your organisation has set could not be loaded just now. Reload the page, or ask your Hotdesk administrator.</Text>}
      {p && (
        <List spacing="xs">
          <List.Item><b>Your account and profile</b>: while you have an account. An administrator can erase it on request (below).</List.Item>
          <List.Item>
            <b>Your bookings</b>:{' '}
            {p.BookingRetentionMonths === null
              ? 'kept until your account is erased; your organisation has not set a period after which old bookings are anonymised.'
              : `bookings that started more than ${months(p.BookingRetentionMonths)} ago are anonymised once a day: your name and e-mail address, the meeting title, the on-behalf address, check-in names and cancellation reasons are removed. The booking itself stays, as "Former member", so counts of how spaces were used stay right.`}
          </List.Item>
          <List.Item>
            <b>The audit log</b>: changes administrators make (for example to your roles or teams, or cancelling your booking) are
            recorded with the administrator&apos;s name and your account number, and kept for {months(p.AuditRetentionMonths)}.
          </List.Item>
          <List.Item><b>Sign-in sessions</b>: as the cookie below says.</List.Item>
        </List>
      )}
    </section>
  );
}
