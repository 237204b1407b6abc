/** User management calls (SPEC 7 'Users, roles, teams'; teams administration of issue 6). */
import type { AdminTeam, TeamGroupSync, TeamWithMembers } from '../../../domain/wire/admin.js';
import type { PersonRef, TeamRef } from '../../../domain/wire/people.js';
import type { EraseResult } from '../../../domain/wire/personalData.js';
import type { PersonSso } from '../../../domain/wire/personSso.js';
import type { Profile } from '../../../domain/wire/profile.js';
import { api } from '../../app/api.js';
import { withBase } from '../../app/basePath.js';

export const ROLES_KEY = ['roles'] as const;
export const personRolesKey = (email: string) => ['users', 'roles', email.toLowerCase()] as const;
export const teamMembersKey = (id: number) => ['teams', id, 'members'] as const;
/** Under ['teams'], so invalidating the team list refreshes it too. */
export const TEAM_GROUP_SYNC_KEY = ['teams', 'groupSync'] as const;

export const searchPeople = (text: string) => api.get<PersonRef[]>(`/api/users/search/${encodeURIComponent(text)}`);
export const listRoles = () => api.get<{ Id: number; Name: string }[]>('/api/roles');
export const personWithRoles = (email: string) => api.get<Profile>(`/api/users/${encodeURIComponent(email)}/roles`);
export const saveRoles = (email: string, roleIds: number[]) => api.post<Profile>(`/api/users/${encodeURIComponent(email)}/roles`, { RoleIds: roleIds });
export const preRegister = (p: { Email: string; FullName: string; Password?: string }) => api.post<PersonRef>('/api/users', p);
/** The single sign-on mark (issue 18): may a first identity-provider sign-in link to this person despite a password or the Admin role. */
export const personSsoKey = (id: number) => ['users', id, 'sso'] as const;
export const personSso = (id: number) => api.get<PersonSso>(`/api/users/${id}/sso`);
export const setPersonSso = (id: number, expectsSso: boolean) => api.post<PersonSso>(`/api/users/${id}/sso`, { ExpectsSso: expectsSso });
export const SSO_SAVE_FAILED = 'Unable to save the single sign-on setting.';
export const signOutEverywhere = (id: number) => api.post<{ Success: boolean; SessionsEnded: number }>(`/api/users/${id}/signOutEverywhere`);
export const ADMINS_EXPORT_URL = withBase('/api/users/admins/export');
/** Issue 25: erase a person; Confirm is their e-mail, typed by the admin. */
export const erasePerson = (id: number, confirm: string) => api.post<EraseResult>(`/api/admin/people/${id}/erase`, { Confirm: confirm });

export const createTeam = (name: string) => api.post<TeamRef>('/api/teams', { Name: name });
/** Renames a team and sets its identity-provider group (null: managed by hand). */
export const updateTeam = (id: number, team: { Name: string; OidcGroup: string | null }) => api.post<AdminTeam>(`/api/teams/${id}`, team);
export const teamGroupSync = () => api.get<TeamGroupSync>('/api/teams/groupSync');
export const deleteTeam = (id: number) => api.delete<{ Success: boolean }>(`/api/teams/${id}`);
export const teamMembers = (id: number) => api.get<TeamWithMembers>(`/api/teams/${id}/members`);
export const setTeamMembers = (id: number, userIds: number[]) => api.post<TeamWithMembers>(`/api/teams/${id}/members`, { UserIds: userIds });

/** SPEC 5: user search needs 3 characters and waits 500 ms in the manager. */
export const PEOPLE_SEARCH_DEBOUNCE_MS = 500;
export const ROLES_SAVE_FAILED = 'Unable to save assigned roles. Please check the console for errors.';
export const ROLES_FETCH_FAILED = 'Unable to fetch roles';
