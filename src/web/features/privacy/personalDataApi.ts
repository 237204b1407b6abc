import { api, ApiError } from '../../app/api.js';
import { withBase } from '../../app/basePath.js';

export type PersonalDataFormat = 'json' | 'csv';

/** Whether the reader is signed in (the privacy page is public). */
export const isSignedIn = async () => String(await api.get<string | boolean>('/api/users/current/isAuthenticated')).trim() === 'true';

/** The file name the server gave (Content-Disposition), or a plain fallback. */
function fileNameOf(res: Response, format: PersonalDataFormat): string {
  const named = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return named?.[1] ?? `hotdesk-my-data.${format}`;
}

/**
 * Fetches GET /api/me/data and hands it to the browser as a download. Fetched rather than linked so a
 * refusal (too many downloads this hour, signed out) shows as a message on the page, not a broken file.
 */
export async function downloadPersonalData(format: PersonalDataFormat): Promise<void> {
  const res = await fetch(withBase(`/api/me/data?format=${format}`), { credentials: 'include' });
  if (!res.ok) {
    let message = res.statusText || `HTTP ${res.status}`;
    try { message = ((await res.json()) as { Error?: string }).Error ?? message; } catch { /* not JSON: the status text */ }
    throw new ApiError(res.status, res.statusText, message);
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(res, format);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled; the browser keeps the download going.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
