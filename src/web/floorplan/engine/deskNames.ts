/**
 * Names for copied desks: the next free number continuing the source's pattern, so a copy of
 * "A-012" is "A-013" (or the next number not taken), keeping the zero padding. A name without a
 * trailing number gets " 2", " 3", ... A pure helper: the caller passes every name in use.
 */
export const nextFreeDeskName = (source: string, used: ReadonlySet<string>): string => {
  // An unnamed desk has no pattern to continue; it stays unnamed (its id labels it).
  if (source === '') return '';
  const match = /^(.*?)(\d+)$/.exec(source);
  const prefix = match ? match[1]! : `${source} `;
  const digits = match ? match[2]!.length : 1;
  let n = match ? Number(match[2]) + 1 : 2;
  for (;;) {
    const name = `${prefix}${String(n).padStart(digits, '0')}`;
    if (!used.has(name)) return name;
    n += 1;
  }
};
