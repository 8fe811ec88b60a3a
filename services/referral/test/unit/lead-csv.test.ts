import { describe, expect, it } from 'vitest';
import type { ProviderLead } from '@reproute/contracts';
import { csvCell, leadsCsv, leadsCsvFileName } from '../../src/domain/lead-csv.ts';

const lead: ProviderLead = {
  id: '11111111-1111-4111-8111-111111111111',
  createdAt: '2026-11-20T10:00:00.000Z',
  hotel: { id: 3, name: 'Iron Palace, London' },
  name: '  ',
  email: null,
  checkInDate: '2026-12-01',
  checkOutDate: '2026-12-04',
  guests: 2,
  message: 'Say "hi"',
  referralId: 'RR_3_1764000000000',
  status: 'contacted',
};

describe('csvCell', () => {
  it('quotes cells with commas, quotes and line breaks, doubling inner quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
    expect(csvCell('one\r\ntwo')).toBe('"one\r\ntwo"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(3)).toBe('3');
  });

  it('makes formula-like cells text with a leading single quote (= + - @, tab, carriage return)', () => {
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+44 20 7946 0000')).toBe("'+44 20 7946 0000");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe('leadsCsv', () => {
  it('writes a header and one CRLF-ended row per lead, "Anonymous" for a lead without a name, after a UTF-8 byte order mark', () => {
    expect(leadsCsv([lead])).toBe(
      '\uFEFFReferral ID,Date,Hotel,Customer,Email,Check-in,Check-out,Guests,Status,Message\r\n' +
        'RR_3_1764000000000,2026-11-20T10:00:00.000Z,"Iron Palace, London",Anonymous,,2026-12-01,2026-12-04,2,contacted,"Say ""hi"""\r\n',
    );
  });

  it('names the file after the day, and the hotel when one is chosen', () => {
    const day = new Date('2026-11-23T04:00:00Z');
    expect(leadsCsvFileName(day, null)).toBe('reproute-leads-2026-11-23.csv');
    expect(leadsCsvFileName(day, 42)).toBe('reproute-leads-hotel-42-2026-11-23.csv');
  });
});
