/** Path parameters of the floorplan calls; the bodies and answers are wire shapes (domain/wire/floorplans.ts). */
import { z } from 'zod';
import { Id } from '../../../domain/wire/common.js';
import { DRAWING_LIMITS } from '../../../domain/layout/drawing.js';

export const LocationParam = z.object({ locationId: Id });
export const LayoutParams = z.object({ id: Id, layoutId: Id });
export const DeskParams = z.object({ id: Id, deskId: z.string().min(1).max(DRAWING_LIMITS.idLength) });
