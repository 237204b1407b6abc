/** Room calls (SPEC 7). */
import type { Room, RoomInput } from '../../../domain/wire/rooms.js';
import { api } from '../../app/api.js';
import { locationPath } from '../locations/locationsApi.js';

export const roomsKey = (locationId: number) => ['rooms', 'location', locationId, 'all'] as const;
export const roomKey = (id: number) => ['rooms', id] as const;
export const ROOMS_BY_APPROVER_KEY = ['rooms', 'byApprover'] as const;

/** Every room of a location, hidden and disabled ones included (admin). */
export const listRooms = (locationId: number) => api.get<Room[]>(`/api/rooms/location/${locationId}/includeDisabled`);
export const roomInfo = (id: number) => api.get<Room>(`/api/rooms/${id}/info`);
export const roomsByApprover = () => api.get<Room[]>('/api/rooms/byApprover');
export const createRoom = (input: RoomInput) => api.post<Room>('/api/rooms', input);
export const updateRoom = (id: number, input: RoomInput) => api.post<Room>(`/api/rooms/${id}`, input);
export const deleteRoom = (id: number) => api.delete<void>(`/api/rooms/${id}`);

export const roomsPath = (siteId: number, locationId: number) => `${locationPath(siteId, locationId)}/rooms`;
