/** Audit log and retention calls (issue 25): GET /api/admin/audit(+/actors, /export), GET/PUT /api/admin/retention. */
import type { AuditActors, AuditPage, RetentionSettings } from '../../../domain/wire/audit.js';
import { api, apiFetch, ApiError } from '../../app/api.js';
import { withBase } from '../../app/basePath.js';

export interface AuditFilters { from: string; to: string; action: string; actorId: string }
export const NO_FILTERS: AuditFilters = { from: '', to: '', action: '', actorId: '' };

/** A calendar day (YYYY-MM-DD) as the instant its local midnight is; `nextDay` gives the following midnight (an exclusive end). */
function localMidnight(day: string, nextDay = false): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + (nextDay ? 1 : 0)).toISOString();
}

/** The filters as query parameters: days are whole local days, From to To inclusive. */
export function filterParams(f: AuditFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.from) p.set('from', localMidnight(f.from));
  if (f.to) p.set('to', localMidnight(f.to, true));
  if (f.action) p.set('action', f.action);
  if (f.actorId) p.set('actorId', f.actorId);
  return p;
}

export const AUDIT_PAGE_SIZE = 50;

export function getAuditPage(f: AuditFilters, cursor: string | null): Promise<AuditPage> {
  const p = filterParams(f);
  p.set('limit', String(AUDIT_PAGE_SIZE));
  if (cursor) p.set('cursor', cursor);
  return api.get<AuditPage>(`/api/admin/audit?${p}`);
}

export const getAuditActors = () => api.get<AuditActors>('/api/admin/audit/actors');
export const getRetention = () => api.get<RetentionSettings>('/api/admin/retention');
export const getPublicRetention = () => api.get<RetentionSettings>('/api/privacy/retention');
export const saveRetention = (s: RetentionSettings) => apiFetch<RetentionSettings>('/api/admin/retention', { method: 'PUT', json: s });

/**
 * Fetches the CSV and hands it to the browser as a download. Fetched rather than linked so a refusal
 * (too many exports this minute) shows as a message on the page, not as a broken file.
 */
export async function downloadAuditCsv(f: AuditFilters): Promise<void> {
  const res = await fetch(withBase(`/api/admin/audit/export?${filterParams(f)}`), { credentials: 'include' });
  if (!res.ok) {
    let message = res.statusText || `HTTP ${res.status}`;
    try { message = ((await res.json()) as { Error?: string }).Error ?? message; } catch { /* not JSON: the status text */ }
    throw new ApiError(res.status, res.statusText, message);
  }
  const named = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = named?.[1] ?? 'hotdesk-audit-log.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
