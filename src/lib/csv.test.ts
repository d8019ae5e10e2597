import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('csv', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell('+254 700')).toBe("'+254 700");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('plain')).toBe('plain');
  });

  it('defuses a cell starting with a carriage return, and quotes it (the line break would split the row)', () => {
    expect(csvCell('\r=1+1')).toBe(`"'\r=1+1"`);
    expect(csvCell('a\rb')).toBe('"a\rb"');
  });

  it('leaves a formula character alone when it is not first, and numbers as they are', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('x-1')).toBe('x-1');
    expect(csvCell(15000)).toBe('15000');
    expect(csvCell(-5)).toBe("'-5"); // a negative number is still text starting with "-"
    expect(csvCell(null)).toBe('');
    expect(csvCell(false)).toBe('false');
  });

  it('writes a header, one line per row, dates as ISO and empty for missing values', () => {
    const csv = toCsv(
      [{ n: 'A', d: new Date('2027-01-02T03:04:05Z'), x: undefined }],
      [
        { header: 'Name', value: (r) => r.n },
        { header: 'When', value: (r) => r.d },
        { header: 'X', value: (r) => r.x },
      ],
    );
    expect(csv).toBe('Name,When,X\r\nA,2027-01-02T03:04:05.000Z,\r\n');
  });
});
