import { AppError } from './errors.js';
import { closedMessage } from '../../domain/closedMessage.js';

/**
 * The database enforces the rules that must never break; here its refusals become user messages.
 * Constraint names come from the migrations.
 */
const CONSTRAINT_MESSAGES: Record<string, string> = {
  desk_not_double_booked: 'This desk has already been booked for the chosen time.',
  room_not_double_booked: 'This slot clashes with another booking',
  person_one_desk_at_a_time: 'This person already has a desk booked for an overlapping time.',
  users_email_key_key: 'A person with this e-mail address already exists.',
  teams_name_key_key: 'A team with this name already exists.',
  teams_oidc_group_key: 'Another team is already linked to this group.',
  tags_type_label_key: 'A tag with this label and type already exists.',
  booking_place_live: 'This site, location or room has been deleted and can no longer be booked.',
};

// Connection-level failures: the database is down or unreachable.
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '53300']);

interface PgLikeError { code?: string; constraint?: string; message?: string; syscall?: string; detail?: string }

export function fromDatabaseError(err: unknown): AppError | undefined {
  const e = err as PgLikeError;
  const message = typeof e?.message === 'string' ? e.message : '';
  // ENOENT on connect: the Unix socket of a stopped embedded PostgreSQL is gone (not any missing file).
  if (e?.code === 'ENOENT' && e.syscall === 'connect') return new AppError('UNAVAILABLE', 'The database is not available. Please try again shortly.');
  if (e?.code && UNAVAILABLE_CODES.has(e.code)) return new AppError('UNAVAILABLE', 'The database is not available. Please try again shortly.');
  if (e?.code?.startsWith('08')) return new AppError('UNAVAILABLE', 'The database is not available. Please try again shortly.');
  if (/timeout exceeded when trying to connect|Connection terminated|connect ECONNREFUSED|connect ENOENT/i.test(message)) {
    return new AppError('UNAVAILABLE', 'The database is not available. Please try again shortly.');
  }
  if (e?.code === '23P01' || e?.code === '23505') {
    return new AppError('CONFLICT', (e.constraint && CONSTRAINT_MESSAGES[e.constraint]) ?? 'This conflicts with existing data.');
  }
  // A deadlock that outlived the retries (pool.ts): two changes collided; trying again will work.
  if (e?.code === '40P01') return new AppError('CONFLICT', 'Someone else changed this at the same moment. Please try again.');
  if (e?.code === '23503') return new AppError('CONFLICT', 'This refers to something that does not exist or is still in use.');
  // 22xxx: data exceptions (value out of range, invalid text for a type): the caller's input.
  if (e?.code?.startsWith('22')) return new AppError('BAD_INPUT', 'A value is out of range or in the wrong format.');
  // A booking during a closure (migration 0021): the closure's reason and the end of its time.
  if (e?.code === '23514' && e.constraint === 'booking_place_open') return new AppError('CONFLICT', closedMessage(e.detail));
  if (e?.code === '23514') {
    const known = e.constraint ? CONSTRAINT_MESSAGES[e.constraint] : undefined;
    return known ? new AppError('CONFLICT', known) : new AppError('BAD_INPUT', 'A value breaks a rule of the data model.');
  }
  return undefined;
}
