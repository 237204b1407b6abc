import { PHOTO_MAX_BYTES, PHOTO_MESSAGES, PHOTO_TYPES, profileProblems } from '../../../domain/adminRules.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { badInput } from '../../http/errors.js';
import { saveOwnProfile, type ProfileChange } from './profile.repo.js';

const MAX_TEXT = 200;
export const HIDE_NAME_MESSAGE = 'HideNameOnMap must be true or false';
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** The first bytes each accepted image type starts with (the declared type must match the data). */
const MAGIC: Record<(typeof PHOTO_TYPES)[number], (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => b.subarray(0, 4).toString('latin1') === 'GIF8',
  'image/webp': (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

/**
 * The photo as sent: { Type, Data } with Data in base64 (a data: URL is accepted and unwrapped),
 * null to remove it, absent to keep it. Only small PNG, JPEG, GIF and WebP images, checked by content.
 */
function parsePhoto(v: unknown): ProfileChange['photo'] {
  if (v === undefined) return undefined;
  if (v === null) return null;
  if (typeof v !== 'object' || Array.isArray(v)) throw badInput(PHOTO_MESSAGES.data, { Photo: PHOTO_MESSAGES.data });
  const o = v as { Type?: unknown; Data?: unknown };
  let data = typeof o.Data === 'string' ? o.Data.trim() : '';
  let type = typeof o.Type === 'string' ? o.Type.trim().toLowerCase() : '';
  const dataUrl = /^data:([\w/+.-]+);base64,(.*)$/s.exec(data);
  if (dataUrl) { type ||= dataUrl[1]!.toLowerCase(); data = dataUrl[2]!; }
  if (type === 'image/jpg') type = 'image/jpeg';
  if (!(PHOTO_TYPES as readonly string[]).includes(type)) throw badInput(PHOTO_MESSAGES.type, { Photo: PHOTO_MESSAGES.type });
  // base64 length bounds the decoded size; refuse before decoding anything large.
  if (data.length > Math.ceil((PHOTO_MAX_BYTES * 4) / 3) + 4) throw badInput(PHOTO_MESSAGES.size, { Photo: PHOTO_MESSAGES.size });
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(data)) throw badInput(PHOTO_MESSAGES.data, { Photo: PHOTO_MESSAGES.data });
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length > PHOTO_MAX_BYTES) throw badInput(PHOTO_MESSAGES.size, { Photo: PHOTO_MESSAGES.size });
  if (!MAGIC[type as (typeof PHOTO_TYPES)[number]](bytes)) throw badInput(PHOTO_MESSAGES.data, { Photo: PHOTO_MESSAGES.data });
  return { type, data: bytes.toString('base64') };
}

/**
 * POST /api/users/me: the person's own profile. E-mail is read-only; roles, tags and teams are given
 * by admins (team membership grants access, so it is not self-service) and are ignored here.
 */
export async function saveMyProfile(deps: AppDeps, user: SessionUser, body: Record<string, unknown>): Promise<{ Success: true }> {
  const draft = {
    FullName: text(body.FullName),
    Organisation: text(body.Organisation),
    Phone: text(body.Phone),
    UseTeams: typeof body.UseTeams === 'boolean' ? body.UseTeams : null,
  };
  const problems = profileProblems(draft);
  for (const k of ['FullName', 'Organisation', 'Phone'] as const) {
    if (draft[k].length > MAX_TEXT) problems[k] ??= `${k === 'FullName' ? 'Full name' : k} must be at most ${MAX_TEXT} characters`;
  }
  const first = Object.values(problems)[0];
  if (first) throw badInput(first, problems as Record<string, string>);
  const photo = parsePhoto(body.Photo);
  const hide = body.HideNameOnMap;
  if (hide !== undefined && typeof hide !== 'boolean') throw badInput(HIDE_NAME_MESSAGE, { HideNameOnMap: HIDE_NAME_MESSAGE });
  await saveOwnProfile(deps.pool, user.id, {
    fullName: draft.FullName, organisation: draft.Organisation, phone: draft.Phone, useTeams: draft.UseTeams!, photo, hideNameOnMap: hide,
  });
  return { Success: true };
}
