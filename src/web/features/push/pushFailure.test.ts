import { describe, expect, it } from 'vitest';
import { pushFailureText } from './pushFailure.js';

describe('pushFailureText', () => {
  it('says how to unblock notifications when the browser refused them', () => {
    const t = pushFailureText('blocked');
    expect(t.title).toMatch(/blocked/);
    expect(t.body).toMatch(/site settings/);
  });

  it("names an unreachable push service for the Push API's AbortError", () => {
    const err = new DOMException('Registration failed - push service error', 'AbortError');
    expect(pushFailureText('failed', err).body).toMatch(/could not reach its push service/);
  });

  it('names a refused subscription for NotAllowedError, and falls back to a general reason', () => {
    expect(pushFailureText('failed', new DOMException('x', 'NotAllowedError')).body).toMatch(/did not allow/);
    expect(pushFailureText('failed', new Error('boom')).body).toMatch(/try again later/);
  });

  it('says a closed question leaves notifications off', () => {
    expect(pushFailureText('dismissed').title).toBe('Notifications are still off');
  });
});
