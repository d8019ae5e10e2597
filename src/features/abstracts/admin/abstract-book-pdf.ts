// The abstract book's PDF (issue 39): every published abstract with its authors and affiliations,
// by track, built in the back office's browser with pdf-lib when an administrator regenerates it
// (AbstractBookPage), and by the bench in Node. A pure function of the published copies, the
// call's tracks and the summit's name and dates: the same input gives the same bytes, apart from
// the generation date it prints and stamps (the PDF's dates are set from it, not the clock).
//
// Here, not in src/data: pdf-lib is for the back office only (eslint.config.js, and
// scripts/build/public-imports.ts for the built pages), and only the certificate crosses that line.
//
// Layout: a title page (the summit, the dates, how to read an entry), the contents by track with
// page numbers, then each abstract from the top of a page (as printed books of abstracts do, so a
// contents entry is the top of its page): title, authors with their affiliations' numbers, the
// affiliations, track and presentation, the four parts under their headings, keywords. Text wraps
// at word boundaries (a word longer than a line is cut) and flows onto further pages.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { ABSTRACT_PARTS, PART_LABELS, PRESENTATION_LABELS, type AbstractPart } from '../../../data/abstracts.ts';
import type { PublishedAbstract } from '../../../data/published-abstracts.ts';
import { abstractsByTrack, numberedAffiliations, trackLabel } from '../../../data/published-abstract-lists.ts';
import { formatDate } from '../../../lib/nairobi-time.ts';
import { printableText } from '../../../lib/pdf-printable.ts';

/** One abstract as the book prints it: its public listing's fields and its text. */
export type BookAbstract = Pick<PublishedAbstract, 'id' | 'title' | 'authors' | 'affiliations' | 'presenting' | 'track' | 'presentation' | 'keywords'> &
  Record<AbstractPart, string>;

export interface AbstractBookInput {
  summitName: string;
  startDate: Date | null;
  endDate: Date | null;
  venue: string;
  /** The call's tracks, key → label, in the call's order (the contents' order). */
  tracks: Record<string, string>;
  abstracts: BookAbstract[];
  generatedAt: Date;
}

export interface AbstractBookPdf {
  bytes: Uint8Array;
  pages: number;
  /** Every abstract in the book's order with the page (1 = the title page) it starts on, as the contents print it. */
  contents: Array<{ id: string; track: string; page: number }>;
}

/** Building a book of no abstracts is refused: there is nothing to publish (the screen says so before). */
export class EmptyAbstractBook extends Error {
  constructor() {
    super('No abstract is published yet, so there is nothing to put in the book.');
  }
}

/** A4 portrait, in points. */
const PAGE: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const WIDTH = PAGE[0] - 2 * MARGIN;
const BOTTOM = MARGIN + 24; // the footer sits below
/** The contents' page numbers' column. */
const NUMBER_COLUMN = 36;

const INK = rgb(0.1, 0.12, 0.16);
const GREY = rgb(0.35, 0.38, 0.42);
const ACCENT = rgb(0.07, 0.33, 0.45);

/** One styled piece of a word (a name and its affiliation's raised number are two pieces of one word). */
interface Piece {
  text: string;
  font: PDFFont;
  size: number;
  color: RGB;
  /** Raised (a superscript), in points. */
  rise?: number;
}
type Word = Piece[];

/** "10–12 March 2027", "10 March 2027", or '' without dates. */
function datesLine(start: Date | null, end: Date | null): string {
  if (!start) return '';
  const first = formatDate(start);
  const last = end ? formatDate(end) : first;
  return first === last ? first : `${first} – ${last}`;
}

export async function abstractBookPdf(input: AbstractBookInput): Promise<AbstractBookPdf> {
  if (input.abstracts.length === 0) throw new EmptyAbstractBook();
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const summit = input.summitName.trim() || 'The summit';
  pdf.setTitle(`${summit}: abstract book`);
  pdf.setAuthor(summit);
  pdf.setSubject(`${input.abstracts.length} accepted abstracts`);
  pdf.setCreator('Summit back office');
  pdf.setProducer('pdf-lib');
  pdf.setCreationDate(input.generatedAt);
  pdf.setModificationDate(input.generatedAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const italic = await pdf.embedFont(StandardFonts.HelveticaOblique);
  // The three fonts share Windows-1252's characters.
  const clean = printableText(regular.getCharacterSet());

  let page: PDFPage = pdf.addPage(PAGE);
  let y = PAGE[1] - MARGIN;
  const newPage = () => {
    page = pdf.addPage(PAGE);
    y = PAGE[1] - MARGIN;
  };
  const piece = (text: string, font: PDFFont, size: number, color: RGB = INK, rise?: number): Piece => ({ text, font, size, color, rise });
  const widthOf = (p: Piece) => p.font.widthOfTextAtSize(p.text, p.size);
  const wordWidth = (w: Word) => w.reduce((sum, p) => sum + widthOf(p), 0);

  /** Plain text as words of one style (already cleaned: no character the font lacks). */
  const words = (text: string, font: PDFFont, size: number, color: RGB = INK): Word[] =>
    clean(text)
      .split(' ')
      .filter(Boolean)
      .map((w) => [piece(w, font, size, color)]);

  /** A word wider than the line, cut into pieces that fit (a URL, a gene sequence, a run of characters). */
  function cut(word: Word, width: number): Word[] {
    if (word.length !== 1 || wordWidth(word) <= width) return [word];
    const [p] = word;
    const out: Word[] = [];
    let part = '';
    for (const ch of Array.from(p.text)) {
      if (part && p.font.widthOfTextAtSize(part + ch, p.size) > width) {
        out.push([{ ...p, text: part }]);
        part = ch;
      } else part += ch;
    }
    if (part) out.push([{ ...p, text: part }]);
    return out;
  }

  /** Words into lines of at most `width`. */
  function lines(ws: Word[], width: number): Word[][] {
    const out: Word[][] = [];
    let line: Word[] = [];
    let used = 0;
    for (const whole of ws) {
      for (const w of cut(whole, width)) {
        const space = line.length ? w[0].font.widthOfTextAtSize(' ', w[0].size) : 0;
        const ww = wordWidth(w);
        if (line.length && used + space + ww > width) {
          out.push(line);
          line = [];
          used = 0;
        }
        used += (line.length ? space : 0) + ww;
        line.push(w);
      }
    }
    if (line.length) out.push(line);
    return out;
  }

  /** Draws one line at (x, y): runs of one style in one text operator each (readers and tests see whole phrases). */
  function drawLine(line: Word[], x: number) {
    const runs: Piece[] = [];
    line.forEach((w, i) => {
      w.forEach((p, j) => {
        const text = i > 0 && j === 0 ? ` ${p.text}` : p.text;
        const last = runs[runs.length - 1];
        if (last && last.font === p.font && last.size === p.size && last.color === p.color && last.rise === p.rise) last.text += text;
        else runs.push({ ...p, text });
      });
    });
    let at = x;
    for (const r of runs) {
      page.drawText(r.text, { x: at, y: y + (r.rise ?? 0), size: r.size, font: r.font, color: r.color });
      at += widthOf(r);
    }
  }

  /** Words flowed from the cursor: wrapped to `width`, onto a new page when the page is full. */
  function flow(ws: Word[], opts: { lineHeight: number; x?: number; width?: number; keepWithNext?: number }) {
    const x = opts.x ?? MARGIN;
    const all = lines(ws, opts.width ?? WIDTH);
    all.forEach((line, i) => {
      // A heading is not left alone at a page's foot: it moves with the first lines after it.
      const need = opts.lineHeight + (i === all.length - 1 ? (opts.keepWithNext ?? 0) : 0);
      if (y - need < BOTTOM) newPage();
      y -= opts.lineHeight;
      drawLine(line, x);
    });
  }

  const groups = abstractsByTrack(input.abstracts, input.tracks);
  const ordered = groups.flatMap((g) => g.abstracts);

  // ---------- the title page ----------
  y = PAGE[1] - 200;
  flow(words(summit, bold, 26, ACCENT), { lineHeight: 32 });
  y -= 12;
  flow(words('Abstract book', regular, 20), { lineHeight: 26 });
  y -= 10;
  const where = [datesLine(input.startDate, input.endDate), input.venue.trim()].filter(Boolean).join(', ');
  if (where) flow(words(where, regular, 12, GREY), { lineHeight: 16 });
  y -= 30;
  const trackCount = groups.length;
  flow(
    words(
      `${ordered.length} accepted ${ordered.length === 1 ? 'abstract' : 'abstracts'} in ${trackCount} ${trackCount === 1 ? 'track' : 'tracks'}, as the scientific committee accepted them for oral or poster presentation.`,
      regular,
      11,
    ),
    { lineHeight: 15 },
  );
  y -= 8;
  flow(
    words(
      'Under each title, the authors in order: the number after a name is the author’s affiliation, listed below the names, and an asterisk (*) marks the presenting author.',
      regular,
      11,
    ),
    { lineHeight: 15 },
  );
  y -= 8;
  flow(
    words(
      'The PDF’s standard font has the Latin characters of Western European languages only: a letter outside them is printed without its accent, and a character with no plain form (another script, an emoji) as ?. Each abstract’s page on the summit’s website shows it exactly as submitted.',
      regular,
      9,
      GREY,
    ),
    { lineHeight: 12 },
  );
  y = MARGIN + 40;
  flow(words(`Generated on ${formatDate(input.generatedAt)}`, regular, 9, GREY), { lineHeight: 12 });

  // ---------- the contents, laid out first to know how many pages it takes ----------
  // Each line of the contents, with the abstract it points at (drawn once the pages are known).
  type ContentsLine = { line: Word[]; gapBefore: number; lineHeight: number; abstractId?: string };
  const contentsLines: ContentsLine[] = [{ line: lines(words('Contents', bold, 18), WIDTH)[0], gapBefore: 0, lineHeight: 26 }];
  for (const g of groups) {
    lines(words(g.label, bold, 12, ACCENT), WIDTH).forEach((line, i) => contentsLines.push({ line, gapBefore: i === 0 ? 12 : 0, lineHeight: 16 }));
    for (const a of g.abstracts) {
      const titleLines = lines(words(a.title, regular, 10), WIDTH - NUMBER_COLUMN);
      // The page number stands on the entry's last line.
      titleLines.forEach((line, i) =>
        contentsLines.push({ line, gapBefore: i === 0 ? 4 : 0, lineHeight: 13, abstractId: i === titleLines.length - 1 ? a.id : undefined }),
      );
    }
  }
  const contentsPages: Array<Array<ContentsLine & { y: number }>> = [[]];
  let cy = PAGE[1] - MARGIN;
  for (const l of contentsLines) {
    if (cy - l.gapBefore - l.lineHeight < BOTTOM) {
      contentsPages.push([]);
      cy = PAGE[1] - MARGIN;
    } else cy -= l.gapBefore;
    cy -= l.lineHeight;
    contentsPages[contentsPages.length - 1].push({ ...l, y: cy });
  }
  const contentsPdfPages = contentsPages.map(() => pdf.addPage(PAGE));

  // ---------- the abstracts ----------
  const startPage = new Map<string, number>();
  const label = (track: string) => trackLabel(input.tracks, track);
  for (const a of ordered) {
    newPage();
    startPage.set(a.id, pdf.getPageCount());
    flow(words(`${label(a.track)} · ${PRESENTATION_LABELS[a.presentation] ?? a.presentation}`, regular, 9, ACCENT), { lineHeight: 12 });
    y -= 6;
    flow(words(a.title, bold, 14), { lineHeight: 18 });
    y -= 6;
    const { list, numbers: numberOf } = numberedAffiliations(a.affiliations);
    const authorWords: Word[] = a.authors.flatMap((name, i) => {
      const ws = words(name, regular, 10.5);
      if (!ws.length) ws.push([piece('?', regular, 10.5)]);
      const mark = `${numberOf[i] ?? ''}${i === a.presenting ? '*' : ''}`;
      if (mark) ws[ws.length - 1] = [...ws[ws.length - 1], piece(mark, regular, 7, INK, 4)];
      if (i < a.authors.length - 1) ws[ws.length - 1] = [...ws[ws.length - 1], piece(',', regular, 10.5)];
      return ws;
    });
    flow(authorWords, { lineHeight: 15 });
    y -= 4;
    list.forEach((affiliation, i) => {
      const ws = words(affiliation, regular, 9, GREY);
      ws.unshift([piece(String(i + 1), regular, 6.5, GREY, 3)]);
      flow(ws, { lineHeight: 12 });
    });
    for (const part of ABSTRACT_PARTS) {
      y -= 10;
      flow(words(PART_LABELS[part], bold, 10.5), { lineHeight: 14, keepWithNext: 2 * 13 });
      // An author's paragraphs stay paragraphs.
      a[part]
        .split(/\n\s*\n|\r?\n/)
        .filter((p) => p.trim())
        .forEach((paragraph, i) => {
          if (i > 0) y -= 4;
          flow(words(paragraph, regular, 10), { lineHeight: 13 });
        });
    }
    if (a.keywords.trim()) {
      y -= 10;
      flow([[piece('Keywords:', bold, 9.5)], ...words(a.keywords, italic, 9.5)], { lineHeight: 13 });
    }
  }

  // ---------- the contents' lines, now that each abstract's page is known ----------
  contentsPages.forEach((entries, i) => {
    page = contentsPdfPages[i];
    for (const e of entries) {
      y = e.y;
      drawLine(e.line, MARGIN);
      if (e.abstractId) {
        const n = String(startPage.get(e.abstractId));
        page.drawText(n, { x: PAGE[0] - MARGIN - regular.widthOfTextAtSize(n, 10), y, size: 10, font: regular, color: INK });
      }
    }
  });

  // ---------- footers: the summit and the page number (not on the title page) ----------
  const pages = pdf.getPages();
  const footName = clean(`${summit}: abstract book`);
  pages.forEach((p, i) => {
    if (i === 0) return;
    const n = `${i + 1}`;
    const footY = MARGIN - 20;
    p.drawText(n, { x: PAGE[0] - MARGIN - regular.widthOfTextAtSize(n, 8.5), y: footY, size: 8.5, font: regular, color: GREY });
    // A long name is cut to the width left by the number.
    const [first = []] = lines(words(footName, regular, 8.5, GREY), WIDTH - NUMBER_COLUMN);
    p.drawText(first.map((w) => w.map((q) => q.text).join('')).join(' '), { x: MARGIN, y: footY, size: 8.5, font: regular, color: GREY });
  });

  // Uncompressed object streams keep the text operators findable (tests read them back).
  const bytes = await pdf.save({ useObjectStreams: false });
  return { bytes, pages: pages.length, contents: ordered.map((a) => ({ id: a.id, track: a.track, page: startPage.get(a.id)! })) };
}
