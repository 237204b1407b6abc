import { createHash, randomBytes } from 'node:crypto';

/**
 * A room feed's secret: 32 random bytes (256 bits) as base64url, 43 characters of [A-Za-z0-9_-].
 * Only its SHA-256 is stored and looked up (room_free_busy_feeds.token_hash, unique): the database
 * finds the row by the hash, so no secret is ever compared character by character, and a guess's
 * timing says nothing about the real one. The personal feed (calendarFeed) keeps its secret the same way.
 */
export const FEED_SECRET = /^[A-Za-z0-9_-]{43}$/;

export const newFeedSecret = (): string => randomBytes(32).toString('base64url');

export const hashOfFeedSecret = (secret: string): string => createHash('sha256').update(secret).digest('base64url');
