import { isTagType, parseTagKind, TAG_TYPE, type TagType } from '../../../domain/orgAccess.js';
import type { Tag, TagInput } from '../../../domain/wire/tags.js';
import type { AppDeps } from '../../deps.js';
import { badInput, fieldError, notFound } from '../../http/errors.js';
import { inTransaction } from '../orgAccess/orgAccess.repo.js';
import { FieldErrors } from '../orgAccess/placeInput.js';
import {
  assignedTags, findTag, insertTag, replaceAssignments, searchTags, tagsOfType, targetExists, updateTag,
} from './tags.repo.js';

/** Type may come as a number or a string of one digit (select boxes send strings). */
const asTagType = (v: unknown): TagType | null => {
  const n = typeof v === 'string' && /^\s*\d\s*$/.test(v) ? Number(v) : v;
  return isTagType(n) ? n : null;
};

function checkedTag(input: TagInput, saved?: Tag): { label: string; tooltip: string; type: TagType } {
  const errors = new FieldErrors();
  const label = input.Label === undefined ? (saved?.Label ?? '') : input.Label.trim();
  if (label === '') errors.add('Label', 'Label is mandatory');
  else if (label.length > 100) errors.add('Label', 'Label must be at most 100 characters');
  const type = input.Type === undefined && saved ? (saved.Type as TagType) : asTagType(input.Type);
  if (type === null) errors.add('Type', 'Select a tag type');
  // An empty tooltip is allowed (the editor shows 'Press Enter / Save for no tooltip').
  const tooltip = input.Tooltip === undefined ? (saved?.Tooltip ?? '') : (input.Tooltip ?? '').trim();
  if (tooltip.length > 500) errors.add('Tooltip', 'Tooltip must be at most 500 characters');
  errors.throwIfAny();
  return { label, tooltip, type: type! };
}

export const createTag = (deps: AppDeps, input: TagInput): Promise<Tag> => insertTag(deps.pool, checkedTag(input));

export async function changeTag(deps: AppDeps, id: number, input: TagInput): Promise<Tag> {
  const saved = await findTag(deps.pool, id);
  if (!saved) throw notFound('The tag');
  const tag = await updateTag(deps.pool, id, checkedTag(input, saved));
  if (!tag) throw notFound('The tag');
  return tag;
}

export const findTags = (deps: AppDeps, query: string, type: number | null): Promise<Tag[]> => searchTags(deps.pool, query, type);
export const listTagsOfType = (deps: AppDeps, type: number): Promise<Tag[]> => tagsOfType(deps.pool, type);

function tagKind(kind: string): TagType {
  const k = parseTagKind(kind);
  if (k === null) throw badInput('The kind must be user, room, location or site (or 1, 3, 4, 5).');
  // Desks live inside layout drawings (string ids); their tags are saved with the layout.
  if (k === TAG_TYPE.Desk) throw badInput('Desk tags are saved with the floorplan layout (Edit Desk), not here.');
  return k;
}

export async function tagsOf(deps: AppDeps, kind: string, targetId: number): Promise<Tag[]> {
  return assignedTags(deps.pool, tagKind(kind), targetId);
}

/** Replaces the tags of a person, room, location or site with the given tag ids (of the matching type). */
export async function assignTags(deps: AppDeps, kind: string, targetId: number, tagIds: number[]): Promise<Tag[]> {
  const k = tagKind(kind);
  if (!(await targetExists(deps.pool, k, targetId))) throw notFound(k === TAG_TYPE.User ? 'The person' : 'The place');
  await inTransaction(deps.pool, async (client) => {
    if (!(await replaceAssignments(client, k, targetId, tagIds))) throw fieldError('Tags', 'Every tag must exist and be of the matching tag type');
  });
  return assignedTags(deps.pool, k, targetId);
}
