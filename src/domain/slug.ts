/**
 * The `?rn=` slug of a room's check-in QR URL: readable, URL-safe, stable.
 * Lower-cased; accents are folded (NFKD, combining marks dropped: "Salle Café" -> "salle-cafe")
 * and 'ß' becomes 'ss', so the slug stays readable; every run of other characters becomes one '-'; leading and trailing
 * dashes are removed. A name with nothing usable (e.g. only emoji or symbols) gives ''.
 * The slug is only a label: the check-in page finds the room by its ids, never by the slug.
 */
export const roomNameSlug = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
