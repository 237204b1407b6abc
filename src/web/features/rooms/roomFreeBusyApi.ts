/** A room's free/busy feed (issue 23): admin calls. */
import type { RoomFreeBusyFeed } from '../../../domain/wire/roomFreeBusy.js';
import { api } from '../../app/api.js';

export const roomFreeBusyKey = (roomId: number) => ['rooms', roomId, 'freeBusyFeed'] as const;

const path = (roomId: number) => `/api/rooms/${roomId}/freeBusyFeed`;
export const getRoomFreeBusy = (roomId: number) => api.get<RoomFreeBusyFeed>(path(roomId));
/** Turns the feed on, or rotates it: the answer holds the new URLs (shown once). */
export const makeRoomFreeBusy = (roomId: number) => api.post<RoomFreeBusyFeed>(path(roomId));
export const turnOffRoomFreeBusy = (roomId: number) => api.delete<void>(path(roomId));
