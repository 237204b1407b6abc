/** A site's door display auto-dim hours (admin; issue 24 leftovers). */
import type { SiteDisplayDim, SiteDisplayDimInput } from '../../../domain/wire/displayDim.js';
import { api, apiFetch } from '../../app/api.js';

export const displayDimKey = (siteId: number) => ['displayDim', siteId] as const;
export const getDisplayDim = (siteId: number) => api.get<SiteDisplayDim>(`/api/sites/${siteId}/display-dim`);
export const putDisplayDim = (siteId: number, body: SiteDisplayDimInput) =>
  apiFetch<SiteDisplayDim>(`/api/sites/${siteId}/display-dim`, { method: 'PUT', json: body });
