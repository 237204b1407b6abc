import type { TeamRef } from '../../../domain/wire/people.js';
import type { AppDeps } from '../../deps.js';
import { allTeams } from './teams.repo.js';

export const listTeams = (deps: AppDeps): Promise<TeamRef[]> => allTeams(deps.pool);
