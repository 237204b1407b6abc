import type { RoomBookingAddress } from '../../../domain/wire/roomBookingAddress.js';
import { BOOKING_ADDRESS_MESSAGES } from '../../../domain/wire/roomBookingAddress.js';
import type { AppDeps } from '../../deps.js';
import { conflict, notFound } from '../../http/errors.js';
import { addressDerivedByOther, roomBookingAddress, roomSlug, setRoomBookingAddress } from './roomAddress.repo.js';

/** A room's booking address as the admin section shows it (see the wire type). */
export async function bookingAddressOf(deps: AppDeps, roomId: number): Promise<RoomBookingAddress> {
  const room = await roomBookingAddress(deps.pool, roomId);
  if (!room) throw notFound('The room');
  const pattern = deps.config.inbound?.roomAddressPattern;
  const slug = roomSlug(room.name);
  const derived = pattern && slug ? pattern.replace('{slug}', slug) : null;
  return { Address: room.address, Derived: derived, Effective: room.address ?? derived, ListenerOn: deps.config.inbound !== undefined };
}

/**
 * Sets or clears it (stored in lower case). 409 when another room has it, set or derived from the
 * pattern: one address must book one room.
 */
export async function changeBookingAddress(deps: AppDeps, roomId: number, input: { Address: string | null }): Promise<RoomBookingAddress> {
  const address = input.Address ? input.Address.toLowerCase() : null;
  if (address && await addressDerivedByOther(deps.pool, deps.config.inbound?.roomAddressPattern, address, roomId)) throw conflict(BOOKING_ADDRESS_MESSAGES.taken);
  try {
    if (!await setRoomBookingAddress(deps.pool, roomId, address)) throw notFound('The room');
  } catch (err) {
    if ((err as { code?: string; constraint?: string }).code === '23505') throw conflict(BOOKING_ADDRESS_MESSAGES.taken);
    throw err;
  }
  return bookingAddressOf(deps, roomId);
}
