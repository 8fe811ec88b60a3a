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
  note: null,
  assignee: null,
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

  it('makes formula-like cells text with a leading single quote inside the quoted cell (= + - @, tab, carriage return)', () => {
    expect(csvCell('=1+2')).toBe(`"'=1+2"`);
    expect(csvCell('+44 20 7946 0000')).toBe(`"'+44 20 7946 0000"`);
    expect(csvCell('-2')).toBe(`"'-2"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('\t=1')).toBe(`"'\t'=1"`);
    expect(csvCell('\r=1')).toBe(`"'\r'=1"`);
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('a-b@c+d')).toBe('a-b@c+d');
  });

  it('quotes a cell holding a semicolon and makes every formula after a separator inert (a ; spreadsheet splits there)', () => {
    expect(csvCell('hello;=2+5;@SUM(1)')).toBe(`"hello;'=2+5;'@SUM(1)"`);
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('hi,=1+1')).toBe(`"hi,'=1+1"`);
    expect(csvCell('hi,\t=1')).toBe(`"hi,'\t'=1"`);
    expect(csvCell('one\n-2')).toBe(`"one\n'-2"`);
    expect(csvCell('one\r\n+2')).toBe(`"one\r\n'+2"`);
    expect(csvCell('tab\there')).toBe('"tab\there"');
    expect(csvCell('x\t@y')).toBe(`"x\t'@y"`);
  });

  it('leaves no formula at the start of any piece, whichever of , ; tab or line breaks a spreadsheet splits at, and no unquoted separator', () => {
    const hostile = ['hello;=2+5;@SUM(1)', '=cmd|"/c calc"!A1', 'a,+1;-2\t@3\n=4\r=5', ';;=1', ',=1', '"=1";=2', 'ok; fine, -dash'];
    for (const value of hostile) {
      const cell = csvCell(value);
      // Unquote the cell as RFC 4180 reads it, then split the text as a careless reader would.
      expect(cell.startsWith('"') && cell.endsWith('"')).toBe(true);
      const text = cell.slice(1, -1).replace(/""/g, '"');
      for (const piece of text.split(/[,;\t\r\n]/)) expect(piece).not.toMatch(/^[=+\-@]/);
    }
  });
});

describe('leadsCsv', () => {
  it('writes a header and one CRLF-ended row per lead, "Anonymous" for a lead without a name, after a UTF-8 byte order mark', () => {
    expect(leadsCsv([lead])).toBe(
      '\uFEFFReferral ID,Date,Hotel,Customer,Email,Check-in,Check-out,Guests,Status,Message\r\n' +
        'RR_3_1764000000000,2026-11-20T10:00:00.000Z,"Iron Palace, London",Anonymous,,2026-12-01,2026-12-04,2,contacted,"Say ""hi"""\r\n',
    );
  });

  it('writes a hostile message as one inert cell, for , and ; spreadsheets alike', () => {
    const csv = leadsCsv([{ ...lead, name: '=Evil;@SUM(1)', message: 'hello;=2+5;@SUM(1)' }]);
    const row = csv.split('\r\n')[1]!;
    expect(row).toBe(`RR_3_1764000000000,2026-11-20T10:00:00.000Z,"Iron Palace, London","'=Evil;'@SUM(1)",,2026-12-01,2026-12-04,2,contacted,"hello;'=2+5;'@SUM(1)"`);
    // Outside the quotes no semicolon is left for a ; spreadsheet to split at.
    expect(row.replace(/"(?:[^"]|"")*"/g, '')).not.toContain(';');
  });

  it('names the file after the day, and the hotel when one is chosen', () => {
    const day = new Date('2026-11-23T04:00:00Z');
    expect(leadsCsvFileName(day, null)).toBe('reproute-leads-2026-11-23.csv');
    expect(leadsCsvFileName(day, 42)).toBe('reproute-leads-hotel-42-2026-11-23.csv');
  });
});
