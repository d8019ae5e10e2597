// Test support, never bundled: the text a PDF shows, one entry per text-drawing operator, read
// from its Flate-compressed content streams (enough for pdf-lib's output with standard fonts,
// which writes each string as <hex> Tj in Windows-1252).
import { inflateSync } from 'node:zlib';

// Windows-1252's 0x80–0x9F (Node's TextDecoder may lack it): the rest is Latin-1.
const HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const windows1252 = (bytes: Uint8Array) => Array.from(bytes, (b) => (b >= 0x80 && b <= 0x9f ? HIGH[b - 0x80] : String.fromCharCode(b))).join('');

export function pdfTexts(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes);
  const texts: string[] = [];
  let at = 0;
  for (;;) {
    const start = raw.indexOf('stream', at, 'latin1');
    if (start < 0) break;
    const bodyStart = start + 'stream'.length + (raw[start + 6] === 0x0d ? 2 : 1);
    const end = raw.indexOf('endstream', bodyStart, 'latin1');
    at = end + 'endstream'.length;
    const dict = raw.subarray(Math.max(0, start - 200), start).toString('latin1');
    if (!dict.includes('/FlateDecode')) continue;
    let content: string;
    try {
      content = inflateSync(raw.subarray(bodyStart, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const m of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) texts.push(windows1252(Buffer.from(m[1], 'hex')));
  }
  return texts;
}
