/** Insights calls (Reporting and Admin): the figures, the daily forecast, the desk heatmap and the settings. */
import type { DailyResponse, DeskHeatResponse, InsightKind, InsightsResponse, InsightsSettings } from '../../../domain/wire/insights.js';
import type { Floorplan } from '../../../domain/wire/floorplans.js';
import type { Location } from '../../../domain/wire/locations.js';
import type { SiteSummary } from '../../../domain/wire/sites.js';
import { api } from '../../app/api.js';
import { withBase } from '../../app/basePath.js';

export interface InsightsScope { siteId: number; from: string; to: string; kind: InsightKind; locationId: number | null }

const scopeQuery = (s: InsightsScope) => {
  const q = new URLSearchParams({ siteId: String(s.siteId), from: s.from, to: s.to, kind: s.kind });
  if (s.locationId !== null) q.set('locationId', String(s.locationId));
  return q.toString();
};
const dailyQuery = (s: InsightsScope) => new URLSearchParams({ siteId: String(s.siteId), from: s.from, to: s.to }).toString();

export const insightKeys = {
  all: ['insights'] as const,
  /** Null: nothing chosen yet (the query is disabled). */
  figures: (s: InsightsScope | null) => ['insights', 'figures', s] as const,
  daily: (s: InsightsScope | null) => ['insights', 'daily', s?.siteId, s?.from, s?.to] as const,
  desks: (floorplanId: number, s: InsightsScope) => ['insights', 'desks', floorplanId, s.from, s.to] as const,
  settings: ['insights', 'settings'] as const,
};

export const getInsights = (s: InsightsScope) => api.get<InsightsResponse>(`/api/insights?${scopeQuery(s)}`);
export const getDaily = (s: InsightsScope) => api.get<DailyResponse>(`/api/insights/daily?${dailyQuery(s)}`);
export const dailyCsvUrl = (s: InsightsScope) => withBase(`/api/insights/daily.csv?${dailyQuery(s)}`);
export const dailyXlsxUrl = (s: InsightsScope) => withBase(`/api/insights/daily.xlsx?${dailyQuery(s)}`);
export const getDeskHeat = (floorplanId: number, s: InsightsScope) =>
  api.get<DeskHeatResponse>(`/api/insights/desks?${new URLSearchParams({ floorplanId: String(floorplanId), from: s.from, to: s.to }).toString()}`);
export const getInsightsSettings = () => api.get<InsightsSettings>('/api/insights/settings');
export const saveInsightsSettings = (s: InsightsSettings) => api.post<InsightsSettings>('/api/insights/settings', s);

export const listSites = () => api.get<SiteSummary[]>('/api/sites');
export const listLocations = (siteId: number) => api.get<Location[]>(`/api/locations/site/${siteId}`);
export const listFloorplans = (locationId: number) => api.get<Floorplan[]>(`/api/floorplans/location/${locationId}`);
