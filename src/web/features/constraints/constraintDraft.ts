import { CONSTRAINT_RESOURCE, CONSTRAINT_TYPE, type ConstraintResourceType, type ConstraintType } from '../../../domain/advanceLimit.js';
import type { BookingConstraint } from '../../../domain/wire/common.js';

/** What a constraint form edits. Number 0 means "not set here": the next level's limit applies. */
export interface ConstraintDraft { Number: number; Type: ConstraintType }

export const EMPTY_CONSTRAINT: ConstraintDraft = { Number: 0, Type: CONSTRAINT_TYPE.Month };

export const draftOf = (c: Pick<BookingConstraint, 'Number' | 'Type'> | null | undefined): ConstraintDraft =>
  c ? { Number: c.Number, Type: c.Type } : EMPTY_CONSTRAINT;

/** The level's constraint of one resource type from its BookingConstraints list. */
export const draftFromList = (list: readonly BookingConstraint[], resource: ConstraintResourceType): ConstraintDraft =>
  draftOf(list.find((c) => c.ResourceType === resource));

/**
 * The BookingConstraints list to send: one entry per resource type that is set. A 0 is left out
 * rather than saved, so "not set" has one representation (the server replaces the whole list).
 */
export const listFromDrafts = (room: ConstraintDraft, desk: ConstraintDraft): BookingConstraint[] => [
  ...(room.Number > 0 ? [{ ...room, ResourceType: CONSTRAINT_RESOURCE.Room }] : []),
  ...(desk.Number > 0 ? [{ ...desk, ResourceType: CONSTRAINT_RESOURCE.Desk }] : []),
];

/** A single constraint field (a room's RoomBookingConstraint): null when not set. */
export const singleFromDraft = (d: ConstraintDraft, resource: ConstraintResourceType): BookingConstraint | null =>
  d.Number > 0 ? { ...d, ResourceType: resource } : null;
