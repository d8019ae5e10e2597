import { describe, expect, it } from 'vitest';
import { pdfPageTexts } from '../../../lib/pdf-pages.test-support.ts';
import { abstractBookPdf, EmptyAbstractBook, type AbstractBookInput, type BookAbstract } from './abstract-book-pdf.ts';

const abstract = (over: Partial<BookAbstract> = {}): BookAbstract => ({
  id: 'a1',
  title: 'Cervical screening uptake in Kisumu County',
  authors: ['Achieng Otieno', 'Brian Kiprono', 'Grace Mwangi'],
  affiliations: ['Kenyatta National Hospital, Nairobi', 'Moi University, Eldoret', 'Kenyatta National Hospital, Nairobi'],
  presenting: 1,
  track: 'prevention',
  presentation: 'oral',
  keywords: 'cervical cancer, screening',
  background: 'Screening uptake remains low in western Kenya.',
  methods: 'We surveyed 400 women attending county clinics in 2025.',
  results: 'Uptake rose from 18% to 41% after community outreach.',
  conclusions: 'Outreach doubles uptake.',
  ...over,
});

const input = (abstracts: BookAbstract[], over: Partial<AbstractBookInput> = {}): AbstractBookInput => ({
  summitName: 'National Cancer Summit 2027',
  startDate: new Date('2027-03-10T06:00:00Z'),
  endDate: new Date('2027-03-12T06:00:00Z'),
  venue: 'KICC, Nairobi',
  tracks: { prevention: 'Prevention and early detection', treatment: 'Treatment' },
  abstracts,
  generatedAt: new Date('2027-02-01T09:00:00Z'),
  ...over,
});

const words = (n: number, word = 'tumour') => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ');
/** Every page's texts joined into one string, so a test reads a phrase cut into runs. */
const joined = (page: string[]) => page.join(' ');

describe('the abstract book PDF', () => {
  it('parses back with a title page, the contents and one abstract with everything it carries', async () => {
    const book = await abstractBookPdf(input([abstract()]));
    const pages = await pdfPageTexts(book.bytes);
    expect(pages).toHaveLength(book.pages);
    expect(book.pages).toBe(3);
    expect(pages[0]).toEqual(expect.arrayContaining(['National Cancer Summit 2027', 'Abstract book', '10 March 2027 – 12 March 2027, KICC, Nairobi']));
    expect(joined(pages[0])).toContain('an asterisk (*) marks the presenting author');
    expect(joined(pages[0])).toContain('Generated on 1 February 2027');
    expect(pages[1]).toEqual(expect.arrayContaining(['Contents', 'Prevention and early detection', 'Cervical screening uptake in Kisumu County', '3']));
    const text = pages[2];
    expect(text).toEqual(
      expect.arrayContaining([
        'Prevention and early detection · Oral presentation',
        'Cervical screening uptake in Kisumu County',
        'Background',
        'Screening uptake remains low in western Kenya.',
        'Methods',
        'Results',
        'Conclusions',
        'Outreach doubles uptake.',
        'Keywords:',
        ' cervical cancer, screening',
      ]),
    );
    // Authors with their affiliation's number, the presenting one (the second) marked; one hospital numbered once.
    expect(text.slice(text.indexOf('Achieng Otieno'), text.indexOf('Achieng Otieno') + 6)).toEqual([
      'Achieng Otieno',
      '1',
      ', Brian Kiprono',
      '2*',
      ', Grace Mwangi',
      '1',
    ]);
    // Each under its raised number.
    expect(text.slice(text.indexOf(' Kenyatta National Hospital, Nairobi') - 1, text.indexOf(' Moi University, Eldoret') + 1)).toEqual([
      '1',
      ' Kenyatta National Hospital, Nairobi',
      '2',
      ' Moi University, Eldoret',
    ]);
    expect(text.filter((t) => t.includes('Kenyatta'))).toHaveLength(1);
    // The footer's page number (not on the title page).
    expect(pages[0]).not.toContain('1');
    expect(text).toEqual(expect.arrayContaining(['National Cancer Summit 2027: abstract book', '3']));
  });

  it('grows by pages as abstracts are added', async () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => abstract({ id: `a${i}`, title: `Abstract ${String(i).padStart(3, '0')}` }));
    const one = await abstractBookPdf(input(many(1)));
    const ten = await abstractBookPdf(input(many(10)));
    const fifty = await abstractBookPdf(input(many(50)));
    expect(ten.pages).toBe(one.pages + 9);
    // The contents take a second page too.
    expect(fifty.pages).toBeGreaterThan(ten.pages + 40);
    expect(fifty.bytes.length).toBeGreaterThan(ten.bytes.length);
  });

  it('flows a 2,000-word part across pages, keeping every word, and the next abstract starts on a page of its own', async () => {
    const long = words(2000);
    const book = await abstractBookPdf(input([abstract({ id: 'long', title: 'A long one', results: long }), abstract({ id: 'next', title: 'B short one' })]));
    const pages = await pdfPageTexts(book.bytes);
    const longPages = pages.slice(2, book.contents[1].page - 1);
    expect(longPages.length).toBeGreaterThanOrEqual(3);
    const drawn = longPages.flat().join(' ').split(/\s+/);
    for (const w of ['tumour0', 'tumour999', 'tumour1999']) expect(drawn).toContain(w);
    expect(drawn.filter((w) => /^tumour\d+$/.test(w))).toHaveLength(2000);
    expect(pages[book.contents[1].page - 1]).toContain('B short one');
  });

  it('cuts a word longer than a line instead of running off the page', async () => {
    const sequence = 'ACGT'.repeat(200);
    const book = await abstractBookPdf(input([abstract({ methods: sequence })]));
    const pages = await pdfPageTexts(book.bytes);
    const pieces = pages[2].filter((t) => /^[ACGT]+$/.test(t));
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.join('')).toBe(sequence);
  });

  it('prints names and text outside the font with the accents it has, or as ?, and never fails on them', async () => {
    const book = await abstractBookPdf(
      input([
        abstract({
          title: 'Ẹ̀mí study 🎗️ in 王 county',
          authors: ['Nyambura Wanjirũ', 'Ẹ̀mí Adébáyọ̀', '👩‍⚕️'],
          affiliations: ['Ọ̀yọ́ State Hospital', 'Hôpital Saint-Louis', 'Clinic\u0000'],
          keywords: 'زمن, emoji 😀',
        }),
      ]),
    );
    const text = joined((await pdfPageTexts(book.bytes))[2]);
    expect(text).toContain('Èmí study ? in ? county');
    expect(text).toContain('Nyambura Wanjiru');
    expect(text).toContain('Èmí Adébáyò');
    expect(text).toContain('Òyó State Hospital');
    expect(text).toContain('Hôpital Saint-Louis');
    expect(text).toContain(', ??');
    expect(text).toContain('???, emoji ?');
  });

  it('refuses a book of no abstracts', async () => {
    await expect(abstractBookPdf(input([]))).rejects.toBeInstanceOf(EmptyAbstractBook);
  });

  it('points each contents entry at the page its abstract starts on, across contents pages and tracks', async () => {
    const abstracts = Array.from({ length: 80 }, (_, i) =>
      abstract({
        id: `a${i}`,
        title: `Study ${String(i).padStart(2, '0')} ${i % 7 === 0 ? words(30, 'long') : ''}`.trim(),
        track: i % 2 ? 'treatment' : 'prevention',
        results: words(i * 10),
      }),
    );
    const book = await abstractBookPdf(input(abstracts));
    const pages = await pdfPageTexts(book.bytes);
    const contentsPages = pages.slice(1, book.contents[0].page - 1);
    expect(contentsPages.length).toBeGreaterThan(1);
    const contents = contentsPages.flat();
    // The book's order: the first track's titles, then the second's.
    expect(book.contents.map((c) => c.track)).toEqual([...Array(40).fill('prevention'), ...Array(40).fill('treatment')]);
    for (const { id, page } of book.contents) {
      const a = abstracts.find((x) => x.id === id)!;
      // The abstract's page starts with its track line, then its title's first words.
      expect(pages[page - 1][0]).toMatch(/ · Oral presentation$/);
      expect(joined(pages[page - 1])).toContain(a.title.slice(0, 8));
      // The contents print that page number (after the title's last line).
      expect(contents).toContain(String(page));
    }
    // Page numbers in the contents, read in order, are the abstracts' start pages in order.
    // (Leaving out the contents pages' own footers, whose numbers come before the first abstract's page.)
    const printed = contents
      .filter((t) => /^\d+$/.test(t))
      .map(Number)
      .filter((n) => n >= book.contents[0].page);
    expect(printed).toEqual(book.contents.map((c) => c.page));
  });

  it('gives the same bytes for the same input', async () => {
    const a = await abstractBookPdf(input([abstract(), abstract({ id: 'a2', title: 'Another' })]));
    const b = await abstractBookPdf(input([abstract({ id: 'a2', title: 'Another' }), abstract()]));
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true);
  });
});
