/** Site calls (SPEC 7 'Settings, sites, locations, rooms'). */
import type { Site, SiteInput, SiteSummary } from '../../../domain/wire/sites.js';
import { api } from '../../app/api.js';

export const SITES_KEY = ['sites'] as const;
export const siteKey = (id: number) => ['sites', id] as const;

export const listSites = () => api.get<SiteSummary[]>('/api/sites');
export const getSite = (id: number) => api.get<Site>(`/api/sites/${id}`);
export const createSite = (input: SiteInput) => api.post<Site>('/api/sites', input);
export const updateSite = (id: number, input: SiteInput) => api.post<Site>(`/api/sites/${id}`, input);
export const deleteSite = (id: number) => api.delete<void>(`/api/sites/${id}`);

export const SITES_PATH = '/menu/settings/sites';
export const sitePath = (siteId: number) => `${SITES_PATH}/${siteId}`;
