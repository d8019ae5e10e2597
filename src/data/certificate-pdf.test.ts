import { afterEach, describe, expect, it, vi } from 'vitest';
import QR from 'qrcode';
import { pdfTexts } from '../lib/pdf-text.test-support.ts';
import { certificatePdf, loadLogo, LOGO_MAX_BYTES } from './certificate-pdf.ts';
import { pdfQrText } from './certificate-pdf.test-support.ts';
import { dayLabel, type Certificate } from './certificates.ts';

const cert: Certificate = {
  id: 'AbCdEfGhIjKlMnOpQrSt',
  registrationId: 'reg-1',
  fullName: 'Dr. Achieng Otieno',
  email: 'achieng@example.org',
  days: ['2027-03-10', '2027-03-11'],
  points: 4,
  pointsPerDay: 2,
  activityName: 'National Cancer Summit 2027',
  accreditingBody: 'Kenya Medical Practitioners and Dentists Council',
  providerNumber: 'KMPDC/CPD/0042',
  signatoryName: 'Prof. Wanjiru Kamau',
  signatoryTitle: 'Director, National Cancer Institute',
  instituteName: 'National Cancer Institute of Kenya',
  issuedAt: new Date('2027-03-12T21:30:00Z'), // 13 March in Nairobi
  issuedBy: 'admin@summit.test',
  status: 'valid',
  replaces: '',
};
const site = { siteUrl: 'https://summit.example.org', logo: null };

// The smallest JPEG header pdf-lib embeds (it reads the frame, it does not decode the picture).
const JPEG = new Uint8Array([
  0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x01, 0x00, 0x01, 0x03, 0x01, 0x11, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xff, 0xd9,
]);
const png = async () => new Uint8Array(await QR.toBuffer('logo', { width: 40 }));
const images = (bytes: Uint8Array) =>
  Buffer.from(bytes)
    .toString('latin1')
    .match(/\/Subtype \/Image/g)?.length ?? 0;

describe('certificate PDF', () => {
  it('shows the institute, the attendee as registered, the activity, the dates, the points, the body and the signatory as text', async () => {
    const texts = pdfTexts(await certificatePdf(cert, site));
    expect(texts).toEqual(
      expect.arrayContaining([
        'National Cancer Institute of Kenya',
        'Certificate of attendance',
        'Dr. Achieng Otieno',
        'National Cancer Summit 2027',
        `on ${dayLabel('2027-03-10')} and ${dayLabel('2027-03-11')}`,
        'and is awarded 4 CPD points',
        'Accredited by Kenya Medical Practitioners and Dentists Council, provider number KMPDC/CPD/0042',
        'Prof. Wanjiru Kamau',
        'Director, National Cancer Institute',
        'Issued 13 March 2027',
        'Certificate number AbCdEfGhIjKlMnOpQrSt',
        'https://summit.example.org/certificates/AbCdEfGhIjKlMnOpQrSt',
      ]),
    );
  });

  it('draws a QR code that scans to the verification address printed under it', async () => {
    const bytes = await certificatePdf(cert, { ...site, siteUrl: 'https://summit.example.org/' });
    expect(pdfQrText(bytes)).toBe('https://summit.example.org/certificates/AbCdEfGhIjKlMnOpQrSt');
    expect(pdfTexts(bytes)).toContain(pdfQrText(bytes));
  });

  it('lists one, two or more days in words, and points in the singular or by the half', async () => {
    const one = pdfTexts(await certificatePdf({ ...cert, days: ['2027-03-10'], points: 1 }, site));
    expect(one).toContain(`on ${dayLabel('2027-03-10')}`);
    expect(one).toContain('and is awarded 1 CPD point');
    const three = pdfTexts(await certificatePdf({ ...cert, days: ['2027-03-10', '2027-03-11', '2027-03-12'], points: 7.5 }, site));
    expect(three).toContain(`on ${dayLabel('2027-03-10')}; ${dayLabel('2027-03-11')} and ${dayLabel('2027-03-12')}`);
    expect(dayLabel('2027-03-10')).toMatch(/^Wed,? 10 March 2027$/);
    expect(three).toContain('and is awarded 7.5 CPD points');
  });

  it('prints a name outside the standard fonts without its accents, and what has no plain form as ?', async () => {
    const texts = pdfTexts(await certificatePdf({ ...cert, fullName: 'Wanjikũ  Nǵang’a 王' }, site));
    expect(texts).toContain('Wanjiku Ngang’a ?');
  });

  it('keeps a very long name and activity on the page (the name shrinks, the activity wraps)', async () => {
    const long = { ...cert, fullName: 'Dr. '.concat('Bartholomew-Wanjiru '.repeat(6)).trim(), activityName: 'Multidisciplinary oncology '.repeat(8).trim() };
    const texts = pdfTexts(await certificatePdf(long, site));
    expect(texts).toContain(long.fullName);
    const activityLines = texts.filter((t) => t.startsWith('Multidisciplinary') || t.startsWith('oncology'));
    expect(activityLines.length).toBeGreaterThan(1);
    expect(activityLines.join(' ')).toBe(long.activityName);
  });

  it('embeds a PNG or a JPEG logo, and leaves out one it cannot read rather than failing', async () => {
    expect(images(await certificatePdf(cert, site))).toBe(0);
    expect(images(await certificatePdf(cert, { ...site, logo: await png() }))).toBe(1);
    expect(images(await certificatePdf(cert, { ...site, logo: JPEG }))).toBe(1);
    const broken = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
    const withBroken = await certificatePdf(cert, { ...site, logo: broken });
    expect(images(withBroken)).toBe(0);
    expect(pdfTexts(withBroken)).toContain('Dr. Achieng Otieno');
    expect(images(await certificatePdf(cert, { ...site, logo: new TextEncoder().encode('GIF89a……') }))).toBe(0);
  });

  it('is the same bytes every time it is rebuilt from the stored certificate, dated when issued', async () => {
    const logo = await png();
    const [a, b] = [await certificatePdf(cert, { ...site, logo }), await certificatePdf(cert, { ...site, logo })];
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const raw = Buffer.from(a).toString('latin1');
    expect(raw.startsWith('%PDF-')).toBe(true);
    expect(raw).toMatch(/\/CreationDate \(D:20270312213000Z/);
    expect(raw).toMatch(/\/ModDate \(D:20270312213000Z/);
    // A different certificate is a different file (the bytes are not some constant).
    expect(Buffer.from(await certificatePdf({ ...cert, points: 2 }, site)).equals(Buffer.from(a))).toBe(false);
  });
});

describe('loadLogo', () => {
  afterEach(() => vi.unstubAllGlobals());
  const answer = (body: BodyInit | null, status = 200) => vi.fn(async () => new Response(body, { status }));

  it('returns the bytes of a PNG or a JPEG', async () => {
    const bytes = await png();
    vi.stubGlobal('fetch', answer(bytes));
    expect(await loadLogo('/demo/logos/institute.png')).toEqual(bytes);
    vi.stubGlobal('fetch', answer(JPEG));
    expect(await loadLogo('https://cdn.example/logo.jpg')).toEqual(JPEG);
  });

  it('returns null for anything else, whatever its content type says', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<svg xmlns="http://www.w3.org/2000/svg"/>', { headers: { 'content-type': 'image/png' } })),
    );
    expect(await loadLogo('/logo.svg')).toBeNull();
    vi.stubGlobal('fetch', answer(new Uint8Array([0x89, 0x50])));
    expect(await loadLogo('/truncated.png')).toBeNull();
    vi.stubGlobal('fetch', answer(new Uint8Array([])));
    expect(await loadLogo('/empty.png')).toBeNull();
  });

  it('refuses a logo over 300 KB (the PDF travels base64 in a mail document Firestore caps at 1 MiB), and takes one just at the cap', async () => {
    expect(LOGO_MAX_BYTES).toBe(300 * 1024);
    const sized = (n: number) => {
      const bytes = new Uint8Array(n);
      bytes.set(JPEG);
      return bytes;
    };
    vi.stubGlobal('fetch', answer(sized(LOGO_MAX_BYTES)));
    expect(await loadLogo('/at-cap.jpg')).toHaveLength(LOGO_MAX_BYTES);
    vi.stubGlobal('fetch', answer(sized(LOGO_MAX_BYTES + 1)));
    expect(await loadLogo('/over-cap.jpg')).toBeNull();
    // A server that declares a size over the cap: refused on its word, without reading the body.
    const body = sized(1024);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(body, { headers: { 'content-length': String(2 * LOGO_MAX_BYTES) } })),
    );
    expect(await loadLogo('/declared-big.jpg')).toBeNull();
  });

  it('returns null on a failed answer or a network failure, and fetches nothing without an address', async () => {
    vi.stubGlobal('fetch', answer(await png(), 404));
    expect(await loadLogo('/missing.png')).toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await loadLogo('/offline.png')).toBeNull();
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(await loadLogo('  ')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
