/** The daily forecast mail's per-site switch (issue 25, Admin). */
import type { ForecastMailInput, ForecastMailSetting } from '../../../domain/wire/forecastMail.js';
import { api, apiFetch } from '../../app/api.js';

/** Under the site's key: saving the site form (its notification address) refreshes this too. */
export const forecastMailKey = (siteId: number) => ['sites', siteId, 'forecastMail'] as const;

export const getForecastMail = (siteId: number) => api.get<ForecastMailSetting>(`/api/sites/${siteId}/forecast-mail`);
export const putForecastMail = (siteId: number, body: ForecastMailInput) =>
  apiFetch<ForecastMailSetting>(`/api/sites/${siteId}/forecast-mail`, { method: 'PUT', json: body });
