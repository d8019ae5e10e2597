// Test support, never bundled: what a PDF draws, read back from its Flate-compressed content
// streams. Enough for pdf-lib's output (invoices, statements' PDFs, certificates), which compresses
// every content stream and writes text with standard fonts as <hex> Tj in Windows-1252.
import { inflateSync } from 'node:zlib';

/** The inflated text of every Flate-compressed stream, in file order (images inflate too; their
 *  bytes match none of the operators callers look for). */
export function pdfContentStreams(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes);
  const streams: string[] = [];
  let at = 0;
  for (;;) {
    const start = raw.indexOf('stream', at, 'latin1');
    if (start < 0) break;
    const bodyStart = start + 'stream'.length + (raw[start + 6] === 0x0d ? 2 : 1);
    const end = raw.indexOf('endstream', bodyStart, 'latin1');
    at = end + 'endstream'.length;
    const dict = raw.subarray(Math.max(0, start - 200), start).toString('latin1');
    if (!dict.includes('/FlateDecode')) continue;
    try {
      streams.push(inflateSync(raw.subarray(bodyStart, end)).toString('latin1'));
    } catch {
      continue;
    }
  }
  return streams;
}

// Windows-1252's 0x80–0x9F (Node's TextDecoder may lack it): the rest is Latin-1.
const HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const windows1252 = (bytes: Uint8Array) => Array.from(bytes, (b) => (b >= 0x80 && b <= 0x9f ? HIGH[b - 0x80] : String.fromCharCode(b))).join('');

/** The text a PDF shows, one entry per text-drawing operator. */
export function pdfTexts(bytes: Uint8Array): string[] {
  return pdfContentStreams(bytes).flatMap(windows1252Tj);
}

/** The texts of one content stream's text-drawing operators (pdf-lib writes them as <hex> Tj). */
export const windows1252Tj = (content: string): string[] =>
  Array.from(content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g), (m) => windows1252(Buffer.from(m[1], 'hex')));
