/**
 * A practical e-mail check for forms (On Behalf Of, check-in, notification e-mail), not RFC 5322:
 * it accepts what people actually type and refuses obvious mistakes. Choices:
 * - surrounding spaces are ignored (pasted addresses often carry them); callers store the
 *   normalised value;
 * - local part: letters, digits and . ! # $ % & ' * + / = ? ^ _ ` { | } ~ -, no leading,
 *   trailing or doubled dot, at most 64 characters; quoted local parts and non-ASCII addresses
 *   are refused;
 * - domain: at least two dot-separated labels of letters, digits and inner hyphens (max 63
 *   each), the last one at least two characters and not all digits (so "a@1.2.3.4" and
 *   "a@localhost" are refused);
 * - whole address at most 254 characters.
 */
const LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

export const isValidEmail = (value: unknown): boolean => {
  if (typeof value !== 'string') return false;
  const s = value.trim();
  if (s.length === 0 || s.length > 254) return false;
  const at = s.lastIndexOf('@');
  if (at <= 0) return false;
  const local = s.slice(0, at);
  const domain = s.slice(at + 1);
  if (local.length > 64 || !LOCAL.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return false;
  const tld = labels[labels.length - 1] ?? '';
  return tld.length >= 2 && !/^\d+$/.test(tld);
};

/** SPEC 5: "an e-mail format check exists and allows an empty value": '', spaces, null, undefined pass. */
export const isValidOptionalEmail = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || isValidEmail(value);

/** For comparing and storing: trimmed and lower-cased (SPEC 6 compares e-mails case-insensitively). */
export const normaliseEmail = (value: string): string => value.trim().toLowerCase();
