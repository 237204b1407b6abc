/**
 * CSV as RFC 4180 describes it: comma-separated, CRLF line ends, a field quoted when it holds a
 * comma, a quote, CR or LF, with quotes doubled inside. Spreadsheet formula injection is defused:
 * a text cell starting with =, +, -, @, tab or CR gets a leading apostrophe, so a booking
 * description like "=HYPERLINK(...)" stays text when the file is opened in Excel.
 * The file starts with a UTF-8 byte order mark so Excel reads accents and non-Latin names correctly.
 */
export type Cell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let s = typeof value === 'string' ? value : String(value);
  if (typeof value === 'string' && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const BOM = '\uFEFF';

export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return BOM + [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
