/** The signed-in person's favourite desks (issue 20): GET/PUT/DELETE /api/favourite-desks... */
import { queryOptions } from '@tanstack/react-query';
import type { FavouriteDesk } from '../../../domain/wire/favouriteDesks.js';
import { api, apiFetch } from '../../app/api.js';

export const FAVOURITE_DESKS_KEY = ['favouriteDesks'] as const;

const path = (floorplanId: number, deskId: string) => `/api/favourite-desks/${floorplanId}/${encodeURIComponent(deskId)}`;

export const listFavouriteDesks = () => api.get<FavouriteDesk[]>('/api/favourite-desks');
/** Answers the whole list as it is now. */
export const markFavouriteDesk = (floorplanId: number, deskId: string) => apiFetch<FavouriteDesk[]>(path(floorplanId, deskId), { method: 'PUT' });
export const unmarkFavouriteDesk = (floorplanId: number, deskId: string) => api.delete<void>(path(floorplanId, deskId));

export const favouriteDesksQuery = () => queryOptions({ queryKey: FAVOURITE_DESKS_KEY, queryFn: listFavouriteDesks, staleTime: 60_000 });
