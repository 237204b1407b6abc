/**
 * Tags: the reusable TagPicker (search while typing, 'Add new tag' opening the New Tag dialog),
 * the dialog on its own, and the load/assign hook the place editors use.
 */
export { TagPicker } from './TagPicker.js';
export { NewTagDialog } from './NewTagDialog.js';
export { usePlaceTags } from './usePlaceTags.js';
export { searchTags, createTag, assignTags, assignedTags, type TagTarget } from './tagsApi.js';
export { SELECT_TAG_TYPE, NO_TOOLTIP_PLACEHOLDER, TAG_TYPE_OPTIONS } from './tagTypes.js';
