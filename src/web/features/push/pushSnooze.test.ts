import { describe, expect, it } from 'vitest';
import { PUSH_SNOOZE_COOKIE, isSnoozed, snoozeCookie } from './pushSnooze.js';

describe('push dialog snooze cookie', () => {
  it('expires one calendar month later, under the base path, SameSite=Lax', () => {
    const c = snoozeCookie(new Date('2030-01-31T10:00:00Z'), '/hotdesk', false);
    expect(c).toMatch(new RegExp(`^${PUSH_SNOOZE_COOKIE}=`));
    // 31 January + 1 month = 28 February (date-fns clamps to the month's end).
    expect(c).toContain('Expires=Thu, 28 Feb 2030 10:00:00 GMT');
    expect(c).toContain('Path=/hotdesk');
    expect(c).toContain('SameSite=Lax');
    expect(c).not.toContain('Secure');
  });

  it('uses path / at the host root and Secure over https', () => {
    const c = snoozeCookie(new Date('2030-06-15T00:00:00Z'), '', true);
    expect(c).toContain('Path=/;');
    expect(c).toMatch(/; Secure$/);
    expect(c).toContain('Expires=Mon, 15 Jul 2030');
  });

  it('reads the snooze from document.cookie', () => {
    expect(isSnoozed('')).toBe(false);
    expect(isSnoozed('a=1; hotdesk_push_snooze=2030-01-01T00%3A00%3A00.000Z; b=2')).toBe(true);
    expect(isSnoozed('xhotdesk_push_snooze=1')).toBe(false);
    expect(isSnoozed('hotdesk_push_snoozed=1')).toBe(false);
  });
});
