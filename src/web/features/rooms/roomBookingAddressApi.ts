/** A room's booking address (issue 23, book a room by inviting it): admin calls. */
import type { RoomBookingAddress } from '../../../domain/wire/roomBookingAddress.js';
import { apiFetch } from '../../app/api.js';

export const roomBookingAddressKey = (roomId: number) => ['rooms', roomId, 'bookingAddress'] as const;

const path = (roomId: number) => `/api/rooms/${roomId}/bookingAddress`;
export const getRoomBookingAddress = (roomId: number) => apiFetch<RoomBookingAddress>(path(roomId));
/** null clears the address (the pattern's then applies). */
export const putRoomBookingAddress = (roomId: number, address: string | null) =>
  apiFetch<RoomBookingAddress>(path(roomId), { method: 'PUT', json: { Address: address } });
