import type { BookingConstraint } from '../../../domain/advanceLimit.js';
import { badInput } from '../../http/errors.js';

/**
 * Helpers the site, location and room editors share: merging a partial request over saved values,
 * and collecting rule breaks so one answer lists them all (the first is the Error text).
 */
export class FieldErrors {
  private readonly errors: Record<string, string> = {};
  add(field: string, message: string): void {
    this.errors[field] ??= message;
  }
  throwIfAny(): void {
    const first = Object.values(this.errors)[0];
    if (first !== undefined) throw badInput(first, this.errors);
  }
}

/** A text field of a partial request: missing keeps the saved value, null means empty; trimmed. */
export const mergeText = (submitted: string | null | undefined, saved: string): string =>
  submitted === undefined ? saved : (submitted ?? '').trim();

export const mergeFlag = (submitted: boolean | undefined, saved: boolean): boolean => submitted ?? saved;

/** Title-like fields: mandatory, at most 200 characters (the database's limit). */
export function checkName(errors: FieldErrors, field: string, value: string, mandatoryMessage: string): void {
  if (value === '') errors.add(field, mandatoryMessage);
  else if (value.length > 200) errors.add(field, `${field} must be at most 200 characters`);
}

/**
 * A level's constraints from a request: at most one per resource type. Number is already an
 * integer (0 if empty) by the request schema.
 */
export function checkConstraints(errors: FieldErrors, field: string, list: readonly BookingConstraint[]): BookingConstraint[] {
  const seen = new Set<number>();
  for (const c of list) {
    if (seen.has(c.ResourceType)) {
      errors.add(field, 'Only one room constraint and one desk constraint may be set here');
      return [];
    }
    seen.add(c.ResourceType);
  }
  return list.map((c) => ({ Number: c.Number, ResourceType: c.ResourceType, Type: c.Type }));
}
