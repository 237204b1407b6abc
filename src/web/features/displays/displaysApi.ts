/** Door display calls (issue 24): the tablet's own (/api/display/*, device cookie) and the room admins' (/api/rooms/{id}/displays). */
import type { DisplayInfo, DoorActionResult, DoorState, PairingCode, PairingStatus } from '../../../domain/wire/displays.js';
import type { DisplayMe } from '../../../domain/wire/lobbyBoard.js';
import { api } from '../../app/api.js';

export const displaysKey = (roomId: number) => ['rooms', roomId, 'displays'] as const;
export const listDisplays = (roomId: number) => api.get<DisplayInfo[]>(`/api/rooms/${roomId}/displays`);
export const pairDisplay = (roomId: number, code: string) => api.post<DisplayInfo[]>(`/api/rooms/${roomId}/displays`, { Code: code });
export const revokeDisplay = (roomId: number, displayId: number) => api.delete<DisplayInfo[]>(`/api/rooms/${roomId}/displays/${displayId}`);

export const displayKeys = { me: ['display', 'me'] as const, door: (roomId: number) => ['display', 'door', roomId] as const };
/** The room (door display) or site (lobby board) this display shows. */
export const whichRoom = () => api.get<DisplayMe>('/api/display/me');
export const startPairing = () => api.post<PairingCode>('/api/display/pairing');
export const pollPairing = () => api.get<PairingStatus>('/api/display/pairing');
export const doorState = (roomId: number) => api.get<DoorState>(`/api/display/rooms/${roomId}`);
export const bookNow = (roomId: number, minutes: number) => api.post<DoorActionResult>(`/api/display/rooms/${roomId}/book`, { Minutes: minutes });
export const checkInAtDoor = (roomId: number, bookingId: number) => api.post<DoorActionResult>(`/api/display/rooms/${roomId}/check-in`, { BookingId: bookingId });
export const endNow = (roomId: number, bookingId: number) => api.post<DoorActionResult>(`/api/display/rooms/${roomId}/end`, { BookingId: bookingId });
export const doorLivePath = (roomId: number) => `/api/display/rooms/${roomId}/live`;
