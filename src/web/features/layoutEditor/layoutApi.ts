/** The editor's calls (SPEC 7 'Floorplans'), through the app's one fetch wrapper. */
import type { Drawing } from '../../../domain/layout/drawing.js';
import type { Tag } from '../../../domain/wire/tags.js';
import type { TeamRef } from '../../../domain/wire/people.js';
import type { CreatedLayout, DeskFutureBookings, LatestLayout, SavedLayout } from '../../../domain/wire/floorplans.js';
import { api } from '../../app/api.js';

export const editorPath = (floorplanId: number, layoutId: number): string => `/admin/layoutEditor/floorplan/${floorplanId}/${layoutId}`;

export const loadLatestLayout = (floorplanId: number) => api.get<LatestLayout>(`/api/floorplans/${floorplanId}/layout/latest`);

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
