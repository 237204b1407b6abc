/** People and team look-ups the restriction pickers use (SPEC 7 'Users, roles, teams'). */
import type { PersonRef, TeamRef } from '../../../domain/wire/people.js';
import { api } from '../../app/api.js';

export const peopleSearchKey = (text: string) => ['people', 'search', text] as const;
export const TEAMS_KEY = ['teams'] as const;

export const searchPeople = (text: string) => api.get<PersonRef[]>(`/api/users/search/${encodeURIComponent(text)}`);
export const listTeams = () => api.get<TeamRef[]>('/api/teams');
