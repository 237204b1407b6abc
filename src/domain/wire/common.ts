import { z } from 'zod';

/** Shapes several endpoints share. Property names are SPEC section 3's (PascalCase). */
export const Id = z.coerce.number().int().min(1).max(2_147_483_647);
export const IdParam = z.object({ id: Id });

export const ConstraintType = z.union([z.literal(1), z.literal(2), z.literal(3)]); // Week, Month, Year
export const ResourceType = z.union([z.literal(1), z.literal(2)]); // Room, Desk

/** SPEC 5: "Constraint number: an integer, 0 if empty." Anything else that is not a whole number is refused. */
export const ConstraintNumber = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? 0 : typeof v === 'string' ? Number(v) : v),
  z.number().int('must be a whole number').min(0).max(1000),
);

/**
 * Response schemas must be plain (the serializer encodes with them, and a transform cannot run
 * backwards); request schemas may be lenient. Hence pairs like BookingConstraint / BookingConstraintInput.
 */
export const BookingConstraint = z.object({
  Id: z.number().int().optional(),
  Number: z.number().int(),
  ResourceType,
  Type: ConstraintType,
});
export type BookingConstraint = z.infer<typeof BookingConstraint>;
export const BookingConstraintInput = BookingConstraint.extend({ Number: ConstraintNumber });

export const SuccessResponse = z.object({ Success: z.boolean(), Error: z.string().optional() });

export const ErrorResponse = z.object({
  Error: z.string(),
  Code: z.string(),
  Errors: z.record(z.string(), z.string()).optional(),
});
