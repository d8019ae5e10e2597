// Test support, never bundled: the text of the QR code certificatePdf() draws, read back the way a
// phone would (jsQR on a bitmap), from the vector squares in the PDF's content streams. Used by the
// unit test and the e2e (which scans the downloaded certificate, then opens what it holds).
import jsQR from 'jsqr';
import { pdfContentStreams } from '../lib/pdf-text.test-support.ts';

/** The squares of every `x y w h re` operator in the PDF's content streams. */
function rectangles(bytes: Uint8Array): Array<[number, number, number, number]> {
  const found: Array<[number, number, number, number]> = [];
  for (const content of pdfContentStreams(bytes))
    for (const m of content.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re\b/g)) found.push([+m[1], +m[2], +m[3], +m[4]]);
  return found;
}

/** The QR code's text, or null when there is none or it does not scan. */
export function pdfQrText(bytes: Uint8Array): string | null {
  const rects = rectangles(bytes);
  if (!rects.length) return null;
  const cell = Math.min(...rects.map((r) => r[3]));
  const left = Math.min(...rects.map((r) => r[0]));
  const top = Math.max(...rects.map((r) => r[1] + r[3]));
  const n = Math.round((Math.max(...rects.map((r) => r[0] + r[2])) - left) / cell);
  const px = 6; // pixels per module
  const quiet = 4;
  const side = (n + 2 * quiet) * px;
  const rgba = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [x, y, w, h] of rects) {
    const col0 = Math.round((x - left) / cell);
    const cols = Math.round(w / cell);
    const row = Math.round((top - (y + h)) / cell);
    for (let c = col0; c < col0 + cols; c++)
      for (let dy = 0; dy < px; dy++)
        for (let dx = 0; dx < px; dx++) {
          const i = (((row + quiet) * px + dy) * side + (c + quiet) * px + dx) * 4;
          rgba[i] = rgba[i + 1] = rgba[i + 2] = 0;
        }
  }
  return jsQR(rgba, side, side)?.data ?? null;
}
