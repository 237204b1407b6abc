import { z } from 'zod';

/**
 * Web push wire shapes (SPEC 7: POST /api/pushMessaging with endpoint, p256dh, auth). The keys are the
 * browser's PushSubscription keys in base64url (padding tolerated): p256dh a 65-byte uncompressed
 * P-256 point, auth a 16-byte secret.
 */
export const PUSH_ENDPOINT_MAX = 2048;

const base64url = (bytes: number, what: string) => {
  const chars = Math.ceil((bytes * 4) / 3);
  return z.string()
    .trim()
    .transform((s) => s.replace(/=+$/, ''))
    .pipe(z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${chars}}$`), `must be ${what} in base64url (${bytes} bytes)`));
};

export const PushSubscriptionInput = z.object({
  endpoint: z.string().trim().max(PUSH_ENDPOINT_MAX, `must be at most ${PUSH_ENDPOINT_MAX} characters`)
    .pipe(z.url({ protocol: /^https?$/, error: 'must be an https URL' })),
  p256dh: base64url(65, 'a P-256 public key'),
  auth: base64url(16, 'an authentication secret'),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInput>;

export const PushUnsubscribeInput = z.object({
  endpoint: z.string().trim().min(1).max(PUSH_ENDPOINT_MAX),
});

export const PushPublicKey = z.object({
  /** The VAPID public key (base64url), the applicationServerKey for PushManager.subscribe. */
  PublicKey: z.string(),
});
export type PushPublicKey = z.infer<typeof PushPublicKey>;

/** What the service worker receives in a push message. `url` includes the base path. */
export interface PushPayload { title: string; body: string; url: string }
