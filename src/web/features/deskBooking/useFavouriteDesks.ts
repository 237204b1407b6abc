import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { FavouriteDesk } from '../../../domain/wire/favouriteDesks.js';
import { FAVOURITE_DESKS_KEY, favouriteDesksQuery, markFavouriteDesk, unmarkFavouriteDesk } from '../favouriteDesks/favouriteDesksApi.js';

/**
 * The person's favourite desks on one floorplan, and the star's toggle. A failed change leaves the
 * list as the server has it and reports the server's words through `error`.
 */
export function useFavouriteDesks(floorplanId: number) {
  const queryClient = useQueryClient();
  const list = useQuery(favouriteDesksQuery());
  const here = useMemo(() => new Set((list.data ?? []).filter((f) => f.FloorplanId === floorplanId).map((f) => f.DeskId)), [list.data, floorplanId]);
  const toggle = useMutation({
    mutationFn: async ({ deskId, on }: { deskId: string; on: boolean }) => {
      if (on) return markFavouriteDesk(floorplanId, deskId);
      await unmarkFavouriteDesk(floorplanId, deskId);
      return (queryClient.getQueryData<FavouriteDesk[]>(FAVOURITE_DESKS_KEY) ?? []).filter((f) => !(f.FloorplanId === floorplanId && f.DeskId === deskId));
    },
    onSuccess: (next) => queryClient.setQueryData(FAVOURITE_DESKS_KEY, next),
    onError: () => void queryClient.invalidateQueries({ queryKey: FAVOURITE_DESKS_KEY }),
  });
  return { favourites: here, loaded: list.isSuccess, toggle };
}
