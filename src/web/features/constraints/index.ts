/** Booking constraint (advance limit) fields and their wire mapping, for the site, location and room editors. */
export { ConstraintFields } from './ConstraintFields.js';
export { draftFromList, draftOf, listFromDrafts, singleFromDraft, EMPTY_CONSTRAINT, type ConstraintDraft } from './constraintDraft.js';
