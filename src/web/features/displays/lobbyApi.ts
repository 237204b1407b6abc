/** Lobby board calls (issue 24): the board's own (/api/display/sites/{id}, device cookie) and the Admins' (/api/sites/{id}/displays). */
import type { DisplayInfo } from '../../../domain/wire/displays.js';
import type { LobbyBoard } from '../../../domain/wire/lobbyBoard.js';
import { api } from '../../app/api.js';

export const boardsKey = (siteId: number) => ['sites', siteId, 'displays'] as const;
export const listBoards = (siteId: number) => api.get<DisplayInfo[]>(`/api/sites/${siteId}/displays`);
export const pairBoard = (siteId: number, code: string) => api.post<DisplayInfo[]>(`/api/sites/${siteId}/displays`, { Code: code });
export const revokeBoard = (siteId: number, displayId: number) => api.delete<DisplayInfo[]>(`/api/sites/${siteId}/displays/${displayId}`);

export const lobbyKey = (siteId: number) => ['display', 'lobby', siteId] as const;
export const lobbyBoard = (siteId: number) => api.get<LobbyBoard>(`/api/display/sites/${siteId}`);
export const lobbyLivePath = (siteId: number) => `/api/display/sites/${siteId}/live`;
