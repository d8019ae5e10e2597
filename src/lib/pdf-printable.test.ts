import { StandardFonts } from 'pdf-lib';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { printableText } from './pdf-printable.ts';

describe('printableText (pdf-lib standard fonts)', async () => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const clean = printableText(font.getCharacterSet());

  it.each([
    ['Achieng’ Otieno – “quoted” €5', 'Achieng’ Otieno – “quoted” €5'],
    ['Nyambura Wanjirũ', 'Nyambura Wanjiru'],
    // A letter keeps the accents the font has with it: Yoruba's dot below goes, its tones stay.
    ['Ẹ̀mí Adébáyọ̀', 'Èmí Adébáyò'],
    ['Ọ̀yọ́', 'Òyó'],
    // Decomposed input is composed first.
    ['Jose\u0301', 'José'],
    ['王 Li', '? Li'],
    ['🎗️ ribbon', '? ribbon'],
    ['👩‍⚕️', '??'],
    ['a\u200bb\u0000c', 'abc'],
    ['\u0301lone mark', 'lone mark'],
    ['  two\t\nlines  ', 'two lines'],
  ])('%j → %j', (input, output) => {
    expect(clean(input)).toBe(output);
    // …and the font encodes what is left.
    expect(() => font.encodeText(clean(input))).not.toThrow();
  });
});
