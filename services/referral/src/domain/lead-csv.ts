import type { ProviderLead } from '@reproute/contracts';

/** Spreadsheet apps run a cell that starts with one of these as a formula (CSV injection). */
const formulaStart = /^[=+\-@\t\r]/;

/** One CSV cell: formula-like text made inert with a leading single quote, quoted when it holds a comma, quote or line break. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (formulaStart.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
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
