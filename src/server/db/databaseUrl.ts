/**
 * The same connection URL naming another database. Embedded URLs may carry the Unix socket folder as
 * a query (`?host=/…/run`), so the database name is replaced as a URL path, never by string suffix.
 */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
