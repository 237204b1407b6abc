import type { DailyResponse } from '../../../domain/wire/insights.js';
import { DAILY_CSV_HEADER } from '../insights/insights.service.js';

/**
 * The Insights daily table as an Excel workbook (issue 25, "XLSX if a well-kept library makes it
 * cheap"): the CSV's columns and wording (a suppressed count reads "fewer than N", never a number),
 * with real dates and numbers so a facilities team can sum and chart without converting text.
 * write-excel-file (one dependency, fflate) is loaded on the first export, not at start-up, like
 * nodemailer: an instance nobody exports from never holds it.
 */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function dailyXlsx(d: DailyResponse): Promise<Buffer> {
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  const count = (n: number | null) => (n === null ? { value: `fewer than ${d.MinGroupSize}`, type: String } : { value: n, type: Number });
  const header = DAILY_CSV_HEADER.map((h) => ({ value: h, type: String, fontWeight: 'bold' as const }));
  const rows = d.Days.map((r) => [
    // The site's calendar day, as a date cell (midnight UTC: Excel dates have no zone).
    { value: new Date(`${r.Day}T00:00:00Z`), type: Date, format: 'yyyy-mm-dd' },
    count(r.BookedAhead), count(r.Booked), count(r.CheckedIn),
  ]);
  return writeXlsxFile([header, ...rows], {
    sheet: 'Daily', stickyRowsCount: 1,
    columns: [{ width: 12 }, { width: 16 }, { width: 16 }, { width: 16 }],
  }).toBuffer();
}
