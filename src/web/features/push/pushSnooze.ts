import { addMonths } from 'date-fns';

/**
 * The push notification dialog's 'Not now' (SPEC 2.9, 9): a cookie that keeps the dialog away for
 * one month. Named in the privacy policy ('Push reminder snooze'). Pure, so it is unit-tested.
 */
export const PUSH_SNOOZE_COOKIE = 'hotdesk_push_snooze';

/** The Set-Cookie text for document.cookie: expires one calendar month from `now`, scoped to the app's base path. */
export function snoozeCookie(now: Date, basePath: string, secure: boolean): string {
  const expires = addMonths(now, 1);
  return [
    `${PUSH_SNOOZE_COOKIE}=${encodeURIComponent(now.toISOString())}`,
    `Expires=${expires.toUTCString()}`,
    `Path=${basePath || '/'}`,
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** True when the cookie header (document.cookie) carries the snooze. The browser drops it once expired. */
export function isSnoozed(cookieHeader: string): boolean {
  return cookieHeader.split(';').some((part) => part.trim().startsWith(`${PUSH_SNOOZE_COOKIE}=`));
}
