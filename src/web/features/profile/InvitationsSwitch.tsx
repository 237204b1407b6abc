import { Alert, Loader, Switch } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarInvitations } from '../../../domain/ical/invitationSetting.js';
import { apiFetch, ApiError } from '../../app/api.js';

const PATH = '/api/users/me/calendarInvitations';
const KEY = ['calendarInvitations'];

/**
 * Calendar invitations in booking mail (issue 23), on by default. Saved at once when flipped (its own
 * route, apart from the profile's Save), since it changes what the next mail carries.
 */
export function InvitationsSwitch() {
  const queryClient = useQueryClient();
  const setting = useQuery({ queryKey: KEY, queryFn: () => apiFetch<CalendarInvitations>(PATH) });
  const save = useMutation({
    mutationFn: (Enabled: boolean) => apiFetch<CalendarInvitations>(PATH, { method: 'PUT', json: { Enabled } }),
    onSuccess: (r) => queryClient.setQueryData(KEY, r),
  });
  if (setting.isPending) return <Loader size="sm" aria-label="Loading your calendar invitation setting" />;
  if (setting.isError) return <Alert color="red" role="alert">Your calendar invitation setting could not be loaded.</Alert>;
  const error = save.error instanceof ApiError ? save.error.serverMessage : save.error?.message;
  return (
    <Switch
      label="Calendar invitations in booking mail"
      description="Booking mails carry an invitation that adds, moves or removes the booking in Outlook, Google or Apple Calendar. Saved at once."
      checked={save.isPending ? save.variables : setting.data.Enabled}
      disabled={save.isPending}
      onChange={(e) => save.mutate(e.currentTarget.checked)}
      error={error}
    />
  );
}
