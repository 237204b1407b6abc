/** Tag calls (SPEC 7 'Tags'). */
import type { TagType } from '../../../domain/orgAccess.js';
import type { Tag } from '../../../domain/wire/tags.js';
import { api } from '../../app/api.js';

/** The kinds of thing tags are assigned to through /api/tags/assign (desk tags live in layouts). */
export type TagTarget = 'user' | 'room' | 'location' | 'site';

export const tagSearchKey = (text: string, type: TagType | null) => ['tags', 'search', type, text] as const;
export const assignedTagsKey = (kind: TagTarget, id: number) => ['tags', 'assigned', kind, id] as const;

/** Matches of one type (POST /api/tags/searchbytype), or of any type (POST /api/tags/search). */
export const searchTags = (query: string, type: TagType | null) =>
  type === null ? api.post<Tag[]>('/api/tags/search', { query }) : api.post<Tag[]>('/api/tags/searchbytype', { query, type });

export const createTag = (tag: { Label: string; Tooltip: string; Type: TagType | null }) => api.post<Tag>('/api/tags', tag);
export const assignedTags = (kind: TagTarget, id: number) => api.get<Tag[]>(`/api/tags/assigned/${kind}/${id}`);
/** Replaces the target's tags with these (body: tag ids). */
export const assignTags = (kind: TagTarget, id: number, tagIds: number[]) => api.post<Tag[]>(`/api/tags/assign/${kind}/${id}`, tagIds);
