import { bookingMessages } from '@reproute/contracts';
import { csvCell } from './lead-csv.ts';

export const bookingCsvHeader = ['referral_id', 'value', 'currency', 'check_in', 'check_out'] as const;

/** Splits one CSV line into cells (RFC 4180 quotes: a quoted cell may hold commas and doubled quotes). */
function cells(line: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      out.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  out.push(cell.trim());
  return out;
}

/** A CSV upload's rows as report bodies (row numbers from 2, the header being 1); the header must be the one documented. */
export function parseBookingCsv(text: string): { ok: true; rows: { row: number; body: Record<string, string> }[] } | { ok: false; message: string } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = cells(lines[0] ?? '').map((h) => h.toLowerCase());
  if (header.join(',') !== bookingCsvHeader.join(',')) return { ok: false, message: bookingMessages.csvHeader };
  const rows: { row: number; body: Record<string, string> }[] = [];
  lines.slice(1).forEach((line, index) => {
    if (line.trim() === '') return;
    const [referralId = '', value = '', currency = '', checkInDate = '', checkOutDate = ''] = cells(line);
    rows.push({ row: index + 2, body: { referralId, value, currency, checkInDate, checkOutDate } });
  });
  if (rows.length === 0) return { ok: false, message: bookingMessages.csvEmpty };
  return { ok: true, rows };
}

export const statementCsvHeader = ['Referral ID', 'Hotel', 'Check-in', 'Check-out', 'Currency', 'Value', 'Commission rate', 'Commission'] as const;

/** The statement as CSV (CRLF, BOM, cells made inert as the lead export's are), then a total row per currency. */
export function statementCsv(statement: {
  rate: number;
  items: { referralId: string; hotel: { name: string }; checkInDate: string; checkOutDate: string; currency: string; value: number; commission: number }[];
  totals: { currency: string; value: number; commission: number }[];
}): string {
  const money = (n: number) => n.toFixed(2);
  const lines = [statementCsvHeader.map(csvCell).join(',')];
  for (const item of statement.items) {
    lines.push([item.referralId, item.hotel.name, item.checkInDate, item.checkOutDate, item.currency, money(item.value), `${Math.round(statement.rate * 1000) / 10}%`, money(item.commission)].map(csvCell).join(','));
  }
  for (const total of statement.totals) lines.push(['Total', '', '', '', total.currency, money(total.value), '', money(total.commission)].map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
