/**
 * What an audit entry keeps of a change: the fields whose value differs between before and after,
 * as {Field: {Before, After}}. A field that only exists on one side (creation, deletion) shows with
 * null on the other. Fields whose names say they hold a secret are never kept, whatever the caller
 * passes: an audit log is read by every admin and exported, so it must not become a copy of
 * passwords, tokens or keys.
 */
export type AuditRecord = Record<string, unknown>;
export type AuditChanges = Record<string, { Before: unknown; After: unknown }>;

const SECRET_FIELD = /password|token|secret|hash|apikey|api_key|privatekey|private_key|p256dh|credential|cookie|pairingcode|pairing_code/i;

export const isSecretField = (name: string): boolean => SECRET_FIELD.test(name);

/** Stable JSON (object keys sorted), so {a,b} and {b,a} compare equal and lists compare in order. */
function canonical(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    return `{${Object.keys(obj).sort().filter((k) => obj[k] !== undefined).map((k) => `${JSON.stringify(k)}:${canonical(obj[k])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Plain JSON for storage: dates as ISO text, undefined as null. */
const plain = (value: unknown): unknown => (value === undefined ? null : JSON.parse(canonical(value)));

export function changedFields(before: AuditRecord | null | undefined, after: AuditRecord | null | undefined): AuditChanges {
  const out: AuditChanges = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of [...keys].sort()) {
    if (isSecretField(key)) continue;
    const b = before?.[key], a = after?.[key];
    if (canonical(b) === canonical(a)) continue;
    out[key] = { Before: plain(b), After: plain(a) };
  }
  return out;
}
