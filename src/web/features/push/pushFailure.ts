/**
 * What to tell a person whose "Turn on notifications" did not work (issue 20, point 7): the browser's
 * refusal or the push service's failure in words, with what they can do about it. The error itself is
 * still logged (SPEC 7); this is the part a person can act on.
 */
export type PushOutcome = 'blocked' | 'dismissed' | 'failed';

export interface PushFailureText { title: string; body: string }

export function pushFailureText(outcome: PushOutcome, err?: unknown): PushFailureText {
  switch (outcome) {
    case 'blocked':
      return {
        title: 'Notifications are blocked in this browser',
        body: 'The browser refused notifications for Hotdesk. To turn them on, allow notifications for this site in the '
          + "browser's site settings (the icon at the left of the address bar), then reload the page.",
      };
    case 'dismissed':
      return {
        title: 'Notifications are still off',
        body: "The browser's question was closed without an answer. Hotdesk will offer again in a month; you can also "
          + "allow notifications for this site in the browser's site settings.",
      };
    case 'failed':
      return {
        title: 'Notifications could not be turned on',
        body: `${failureReason(err)} Hotdesk will offer again in a month.`,
      };
  }
}

/** The likely cause, by the DOMException the Push API throws. */
function failureReason(err: unknown): string {
  const name = err instanceof Error ? err.name : '';
  if (name === 'NotAllowedError') return 'The browser did not allow a push subscription (notifications may be blocked for this site).';
  if (name === 'AbortError' || name === 'NotSupportedError' || name === 'InvalidStateError') {
    return "This browser could not reach its push service (it may be offline, or a firewall may block the browser's push service).";
  }
  return 'Something went wrong while registering this browser for notifications; try again later.';
}
