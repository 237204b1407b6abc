/** The editor's calls (SPEC 7 'Floorplans'), through the app's one fetch wrapper. */
import type { Drawing } from '../../../domain/layout/drawing.js';
import type { Tag } from '../../../domain/wire/tags.js';
import type { TeamRef } from '../../../domain/wire/people.js';
import type { CreatedLayout, DeskFutureBookings, LatestLayout, SavedLayout } from '../../../domain/wire/floorplans.js';
import { editorScreenCalls } from '../../../domain/wire/screenCalls.js';
import { api } from '../../app/api.js';

// The same URL the server names as a hint in the page (screenCalls.ts): a hint is used only when it matches.
const fetchLatestLayout = (floorplanId: number) => api.get<LatestLayout>(editorScreenCalls.latestLayout(floorplanId));

/** A load started before the editor's code arrived (prefetchLatestLayout), taken by the first loadLatestLayout. */
let prefetched: { floorplanId: number; startedAt: number; answer: Promise<LatestLayout> } | null = null;
/** Older than this, a prefetched answer is not used: the page asks the server again. */
const PREFETCH_FRESH_MS = 30_000;

/**
 * Opened straight on the editor (a link, a reload), the layout starts loading with the editor's
 * code (routePrefetch.ts) instead of after it has arrived, run and rendered: on a 2,000-desk floor the
 * answer then arrives while the code loads (issue 21, first render). Not the query cache: the editor
 * keeps no cached layout (gcTime 0), so each opening shows the server's latest; this answer is used once.
 */
export const prefetchLatestLayout = (floorplanId: number): void => {
  const answer = fetchLatestLayout(floorplanId);
  answer.catch(() => undefined); // an unused or failed prefetch is not an error; the page asks again
  prefetched = { floorplanId, startedAt: Date.now(), answer };
};

export const loadLatestLayout = (floorplanId: number): Promise<LatestLayout> => {
  const early = prefetched;
  prefetched = null;
  if (early && early.floorplanId === floorplanId && Date.now() - early.startedAt < PREFETCH_FRESH_MS) return early.answer;
  return fetchLatestLayout(floorplanId);
};

/** The drawing travels as the layout record's Json string, as the seed sends it. */
export const saveLayout = (floorplanId: number, layoutId: number, drawing: Drawing) =>
  api.post<SavedLayout>(`/api/floorplans/${floorplanId}/layout/${layoutId}`, { Json: JSON.stringify(drawing) });

export const publishLayout = (floorplanId: number, layoutId: number, drawing: Drawing) =>
  api.post<SavedLayout>(`/api/floorplans/${floorplanId}/layout/${layoutId}/publish`, { Json: JSON.stringify(drawing) });

export const startNewLayout = (floorplanId: number, fromPrevious: boolean) =>
  api.post<CreatedLayout>(`/api/floorplans/${floorplanId}/newlayout${fromPrevious ? '/fromPrevious' : ''}`);

export const deskFutureBookings = (floorplanId: number, deskId: string) =>
  api.get<DeskFutureBookings>(`/api/floorplans/${floorplanId}/desks/${encodeURIComponent(deskId)}/futureBookings`);

/** Teams a desk may be assigned to (GET /api/teams). */
export const loadTeams = () => api.get<TeamRef[]>('/api/teams');

/** Desk tags (type 2). */
export const loadDeskTags = () => api.get<Tag[]>('/api/tags/byType/2');
