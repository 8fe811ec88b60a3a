import type { ProviderLead } from '@reproute/contracts';

/** Spreadsheet apps run a cell that starts with one of these as a formula (CSV injection). */
const formulaStarts = new Set(['=', '+', '-', '@', '\t', '\r']);
/**
 * What a spreadsheet app may split a line at, depending on its locale and import settings: the comma,
 * the semicolon (where the comma is the decimal mark), the tab, and line breaks. Text after any of
 * them can become a cell of its own, so it must not start a formula either.
 */
const separators = new Set([',', ';', '\t', '\r', '\n']);
/** A cell holding any of these is quoted (RFC 4180, and so it stays one cell whatever the separator). */
const needsQuotes = /[",;\t\r\n]/;

/**
 * One CSV cell, per OWASP's CSV injection guidance: a single quote before every formula start (= + - @,
 * tab, carriage return), at the start of the cell and after any separator in it, so no spreadsheet app
 * reads a formula wherever it splits the line; the cell quoted (inner quotes doubled) when it holds a
 * separator or a quote, or was made inert.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  let out = '';
  let inert = false;
  let atStart = true;
  for (const char of text) {
    if (atStart && formulaStarts.has(char)) {
      out += "'";
      inert = true;
    }
    out += char;
    atStart = separators.has(char);
  }
  return inert || needsQuotes.test(out) ? `"${out.replace(/"/g, '""')}"` : out;
}

export const leadCsvHeader = ['Referral ID', 'Date', 'Hotel', 'Customer', 'Email', 'Check-in', 'Check-out', 'Guests', 'Status', 'Message'] as const;

/** The inbox as CSV (RFC 4180: CRLF line ends), with a byte order mark so spreadsheet apps read it as UTF-8. */
export function leadsCsv(leads: ProviderLead[]): string {
  const lines = [leadCsvHeader.map(csvCell).join(',')];
  for (const lead of leads) {
    lines.push(
      [
        lead.referralId,
        lead.createdAt,
        lead.hotel.name,
        lead.name?.trim() || 'Anonymous',
        lead.email,
        lead.checkInDate,
        lead.checkOutDate,
        lead.guests,
        lead.status,
        lead.message,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The export's file name: the day it was made, and the hotel when one is chosen. */
export function leadsCsvFileName(today: Date, hotelId: number | null): string {
  return `reproute-leads${hotelId === null ? '' : `-hotel-${hotelId}`}-${today.toISOString().slice(0, 10)}.csv`;
}
