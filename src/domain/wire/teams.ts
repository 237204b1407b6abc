import { z } from 'zod';
import { TeamRef } from './people.js';

/** GET /api/teams (SPEC 7: Id, Name). */
export const TeamList = z.array(TeamRef);
