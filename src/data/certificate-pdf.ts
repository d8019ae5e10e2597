// The certificate of attendance as a PDF, built in the browser with pdf-lib (loaded on demand, as
// the invoice's is: only the attendee's download and the issuing screen's mail ever load it).
// Built only from the stored certificate (and the logo), with fixed metadata dates from issuedAt,
// so downloading it again years later gives the same bytes as the copy the email carried.
//
// The QR code is drawn as vector squares, not embedded as a picture: no canvas (the bytes would
// depend on the browser's PNG encoder), sharp at any print size, and a test can read it back.
import type { PDFFont, PDFImage, PDFPage, RGB } from 'pdf-lib';
import { certificateVerifyUrl, daysSentence, pointsLabel, type Certificate } from './certificates.ts';
import { formatDate } from '../lib/nairobi-time.ts';
import { printableText } from '../lib/pdf-printable.ts';

/** A4 landscape, in points. */
const PAGE: [number, number] = [841.89, 595.28];
const MARGIN = 48;
const CENTRE = PAGE[0] / 2;
const TEXT_WIDTH = PAGE[0] - 2 * MARGIN - 40;
/** The QR code's side, in points (about 3 cm: a phone reads it from arm's length). */
const QR_SIZE = 92;
const LOGO_BOX = { width: 150, height: 64 };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
const startsWith = (bytes: Uint8Array, signature: number[]) => bytes.length > signature.length && signature.every((b, i) => bytes[i] === b);
const logoKind = (bytes: Uint8Array): 'png' | 'jpeg' | null => (startsWith(bytes, PNG_SIGNATURE) ? 'png' : startsWith(bytes, JPEG_SIGNATURE) ? 'jpeg' : null);

/**
 * The largest logo the PDF takes. The issuing transaction writes the PDF, base64 (a third larger),
 * into the mail document, and Firestore refuses a document over 1 MiB: a bigger logo would make
 * every certificate fail to issue, so it is left out instead (the rest of the page is a few KB).
 */
export const LOGO_MAX_BYTES = 300 * 1024;

/**
 * The institute's logo for the PDF: its bytes when the address answers with a PNG or a JPEG (by
 * their signatures: a server's content type is not trusted, and pdf-lib embeds nothing else) of at
 * most LOGO_MAX_BYTES, null otherwise. Never throws: a certificate without its logo beats no
 * certificate.
 */
export async function loadLogo(url: string): Promise<Uint8Array | null> {
  if (!url.trim()) return null;
  try {
    const response = await fetch(url);
    if (!response.ok) return null;
    // A declared size over the cap is refused unread; the bytes are measured anyway (the header
    // may be missing, or be the compressed size).
    if (Number(response.headers.get('content-length')) > LOGO_MAX_BYTES) {
      await response.body?.cancel();
      return null;
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    return bytes.length <= LOGO_MAX_BYTES && logoKind(bytes) ? bytes : null;
  } catch {
    return null;
  }
}

/** "12 March 2027": the day issued, in Nairobi (where the summit is). */
export const certificateIssuedDate = formatDate;

export async function certificatePdf(cert: Certificate, opts: { siteUrl: string; logo: Uint8Array | null }): Promise<Uint8Array> {
  const [{ PDFDocument, StandardFonts, rgb, pushGraphicsState, popGraphicsState, setFillingRgbColor, rectangle, fill }, QR] = await Promise.all([
    import('pdf-lib'),
    import('qrcode'),
  ]);
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(`Certificate of attendance ${cert.id}`);
  pdf.setAuthor(cert.instituteName);
  pdf.setSubject(`${cert.activityName}: ${pointsLabel(cert.points)}`);
  pdf.setCreator('Summit back office');
  pdf.setProducer('pdf-lib');
  pdf.setCreationDate(cert.issuedAt);
  pdf.setModificationDate(cert.issuedAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const serif = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const ink = rgb(0.1, 0.12, 0.16);
  const grey = rgb(0.35, 0.38, 0.42);
  const accent = rgb(0.07, 0.33, 0.45);

  // The standard fonts cover Windows-1252 only. A name as registered may not ("Wanjikũ"): a letter
  // outside it loses its accent when that makes it printable, and only then becomes '?'.
  const clean = printableText(regular.getCharacterSet());

  const page: PDFPage = pdf.addPage(PAGE);
  let y = PAGE[1] - MARGIN;

  // A double frame: the look of a certificate, and it tells a cropped print from a whole one.
  page.drawRectangle({ x: 20, y: 20, width: PAGE[0] - 40, height: PAGE[1] - 40, borderColor: accent, borderWidth: 2.5 });
  page.drawRectangle({ x: 28, y: 28, width: PAGE[0] - 56, height: PAGE[1] - 56, borderColor: accent, borderWidth: 0.75 });

  type TextOpts = { font?: PDFFont; size?: number; color?: RGB; x?: number; align?: 'centre' | 'left' | 'right' };
  const draw = (value: string, o: TextOpts = {}) => {
    const font = o.font ?? regular;
    const size = o.size ?? 12;
    const width = font.widthOfTextAtSize(value, size);
    const x = o.align === 'left' ? (o.x ?? MARGIN) : o.align === 'right' ? (o.x ?? PAGE[0] - MARGIN) - width : CENTRE - width / 2;
    page.drawText(value, { x, y, size, font, color: o.color ?? ink });
  };
  /** Centred lines, wrapped at word boundaries to the text width. */
  const paragraph = (value: string, o: TextOpts & { lineGap?: number; width?: number } = {}) => {
    const font = o.font ?? regular;
    const size = o.size ?? 12;
    const lines: string[] = [];
    let line = '';
    for (const word of clean(value).split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, size) > (o.width ?? TEXT_WIDTH)) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    for (const l of lines) {
      draw(l, o);
      y -= size + (o.lineGap ?? 5);
    }
  };
  /** One line at the largest size up to `size` that fits the width (a long name stays one line). */
  const fitted = (value: string, o: TextOpts & { size: number }) => {
    const font = o.font ?? regular;
    const v = clean(value);
    const size = Math.max(12, Math.min(o.size, (o.size * TEXT_WIDTH) / Math.max(1, font.widthOfTextAtSize(v, o.size))));
    draw(v, { ...o, size });
    return size;
  };

  // The logo, scaled into its box (an unreadable image is left out rather than failing the PDF).
  let image: PDFImage | null = null;
  const kind = opts.logo ? logoKind(opts.logo) : null;
  if (opts.logo && kind) {
    try {
      image = kind === 'png' ? await pdf.embedPng(opts.logo) : await pdf.embedJpg(opts.logo);
    } catch {
      image = null;
    }
  }
  if (image) {
    const scale = Math.min(LOGO_BOX.width / image.width, LOGO_BOX.height / image.height, 1);
    const { width, height } = image.scale(scale);
    page.drawImage(image, { x: CENTRE - width / 2, y: y - height, width, height });
    y -= height + 20;
  } else y -= 24;

  paragraph(cert.instituteName, { font: bold, size: 15, color: accent });
  y -= 30;
  draw('Certificate of attendance', { font: serif, size: 34 });
  y -= 48;
  draw('This is to certify that', { size: 13, color: grey });
  y -= 44;
  const nameSize = fitted(cert.fullName, { font: serif, size: 30 });
  page.drawLine({ start: { x: CENTRE - 220, y: y - 8 }, end: { x: CENTRE + 220, y: y - 8 }, thickness: 0.5, color: grey });
  y -= Math.max(30, nameSize) + 14;
  draw('attended', { size: 13, color: grey });
  y -= 26;
  // A long activity name takes a smaller size rather than a third line pushing into the foot.
  const activitySize = bold.widthOfTextAtSize(clean(cert.activityName), 16) > 2 * TEXT_WIDTH ? 13 : 16;
  paragraph(cert.activityName, { font: bold, size: activitySize, lineGap: 6 });
  y -= 4;
  paragraph(`on ${daysSentence(cert.days)}`, { size: 12 });
  y -= 10;
  paragraph(`and is awarded ${pointsLabel(cert.points)}`, { font: bold, size: 15, color: accent });
  y -= 6;
  paragraph(`Accredited by ${cert.accreditingBody}, provider number ${cert.providerNumber}`, { size: 11, color: grey });

  // Foot: the signatory (left), the certificate's identity and its QR code (right).
  const footY = MARGIN + 22;
  y = footY + 34;
  page.drawLine({ start: { x: MARGIN + 12, y: y + 14 }, end: { x: MARGIN + 232, y: y + 14 }, thickness: 0.75, color: ink });
  draw(clean(cert.signatoryName), { font: bold, size: 12, align: 'left', x: MARGIN + 12 });
  y -= 15;
  if (cert.signatoryTitle.trim()) draw(clean(cert.signatoryTitle), { size: 10, color: grey, align: 'left', x: MARGIN + 12 });
  y -= 15;
  draw(`Issued ${certificateIssuedDate(cert.issuedAt)}`, { size: 10, color: grey, align: 'left', x: MARGIN + 12 });

  const url = certificateVerifyUrl(opts.siteUrl, cert.id);
  const qrRight = PAGE[0] - MARGIN - 12;
  const qrX = qrRight - QR_SIZE;
  const qrY = footY - 14;
  drawQr(url, qrX, qrY);
  const textRight = qrX - 14;
  y = qrY + QR_SIZE - 10;
  draw(`Certificate number ${cert.id}`, { font: bold, size: 10, align: 'right', x: textRight });
  y -= 15;
  draw('Check that it is valid at', { size: 9, color: grey, align: 'right', x: textRight });
  y -= 13;
  draw(clean(url), { size: 9, color: accent, align: 'right', x: textRight });

  // Uncompressed object streams keep the text operators findable (tests read them back).
  return pdf.save({ useObjectStreams: false });

  /** The QR code as one filled path of squares (each row's dark runs merged), on a white quiet zone. */
  function drawQr(text: string, x: number, y0: number) {
    const { modules } = QR.create(text, { errorCorrectionLevel: 'M' });
    const n = modules.size;
    const cell = QR_SIZE / n;
    // Four modules of quiet zone, as the standard asks: the frame's lines must not touch the code.
    page.drawRectangle({ x: x - 4 * cell, y: y0 - 4 * cell, width: QR_SIZE + 8 * cell, height: QR_SIZE + 8 * cell, color: rgb(1, 1, 1) });
    const ops = [pushGraphicsState(), setFillingRgbColor(0, 0, 0)];
    const r = (v: number) => Math.round(v * 1000) / 1000;
    for (let row = 0; row < n; row++) {
      for (let col = 0; col < n;) {
        if (!modules.get(row, col)) {
          col++;
          continue;
        }
        let end = col;
        while (end < n && modules.get(row, end)) end++;
        ops.push(rectangle(r(x + col * cell), r(y0 + (n - row - 1) * cell), r((end - col) * cell), r(cell)));
        col = end;
      }
    }
    ops.push(fill(), popGraphicsState());
    page.pushOperators(...ops);
  }
}
