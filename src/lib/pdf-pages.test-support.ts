// Test support, never bundled: the text each page of a PDF draws, page by page (pdf-text's
// pdfTexts reads the whole file's streams in file order, which does not say which page a line is on).
import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream, type PDFPage } from 'pdf-lib';
import { windows1252Tj } from './pdf-text.test-support.ts';

function pageContent(page: PDFPage): string {
  const contents = page.node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  return refs
    .map((ref) => page.doc.context.lookup(ref))
    .filter((s): s is PDFRawStream => s instanceof PDFRawStream)
    .map((s) => Buffer.from(decodePDFRawStream(s).decode()).toString('latin1'))
    .join('\n');
}

/** Each page's texts (one entry per text-drawing operator), pages in order. Loading it is also the check that pdf-lib parses the file. */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[][]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => windows1252Tj(pageContent(page)));
}
