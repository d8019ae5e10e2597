// The demo's files, made here rather than kept as binaries: speakers' portraits and partners' logos
// are drawn as SVG (assets/, text files anyone can read) and turned into the web sizes the back
// office's uploads make (WebP, 320 and 960 px wide); the documents are PDFs written with pdf-lib.
// The seed uploads them to the Storage emulator under the names the back office would give them,
// so the demo's pages show uploaded files exactly as staff's uploads will be shown. The names are
// cheap (demo-data.ts links them); the bytes are made only when the seed uploads them.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { contentFolder, objectName, type UploadCollection } from '../../src/data/storage-paths.ts';

export interface DemoFile {
  /** The object's name in the bucket. */
  name: string;
  contentType: string;
  bytes: () => Promise<Uint8Array>;
}

const asset = (path: string) => readFileSync(new URL(`./assets/${path}`, import.meta.url));

/** A stable upload id per record, so a re-seed writes the same names (the prerendered pages link them). */
const uploadId = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 20);

/** A portrait or logo drawn as SVG, at each web width as WebP (the largest last). */
function webImage(collection: UploadCollection, record: string, svg: string): DemoFile[] {
  const id = uploadId(`${collection}/${record}`);
  return ([320, 960] as const).map((width) => ({
    name: objectName(contentFolder(collection, record), id, { variant: String(width) as '320' | '960', ext: 'webp' }),
    contentType: 'image/webp',
    bytes: async () => {
      const { default: sharp } = await import('sharp');
      return new Uint8Array(await sharp(asset(svg), { density: 300 }).resize({ width }).webp({ quality: 82 }).toBuffer());
    },
  }));
}

/** A one-page PDF with a title and a few lines, standing in for a real document. */
function pdf(collection: UploadCollection, record: string, title: string, lines: string[]): DemoFile {
  return {
    name: objectName(contentFolder(collection, record), uploadId(`${collection}/${record}`), { ext: 'pdf' }),
    contentType: 'application/pdf',
    bytes: async () => {
      const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
      const doc = await PDFDocument.create();
      doc.setTitle(title);
      doc.setAuthor('National Cancer Institute of Kenya');
      const page = doc.addPage([595, 842]);
      const bold = await doc.embedFont(StandardFonts.HelveticaBold);
      const regular = await doc.embedFont(StandardFonts.Helvetica);
      page.drawText(title, { x: 56, y: 760, size: 20, font: bold, color: rgb(0.04, 0.34, 0.34) });
      lines.forEach((line, i) => page.drawText(line, { x: 56, y: 720 - i * 18, size: 11, font: regular }));
      return doc.save({ useObjectStreams: false, addDefaultPage: false });
    },
  };
}

const DEMO_NOTE = 'A demonstration document of the National Cancer Summit site.';

/** Every demo file, by the record that links it. */
export function demoFiles() {
  const speakers = ['amina-otieno', 'james-mwangi', 'grace-achieng', 'samuel-kiptoo', 'fatuma-hassan', 'peter-njoroge'];
  const sponsors: Array<[string, string]> = [
    ['demo-sponsor-1', 'global-oncology-alliance'],
    ['demo-sponsor-2', 'east-africa-health-foundation'],
    ['demo-sponsor-3', 'community-screening-trust'],
  ];
  const files = {
    speakers: Object.fromEntries(speakers.map((id) => [id, webImage('speakers', id, `speakers/${id}.svg`)])),
    sponsors: Object.fromEntries(sponsors.map(([id, logo]) => [id, webImage('sponsors', id, `logos/${logo}.svg`)])),
    tender: pdf('tenders', 'audio-visual-services', 'Tender NCI/T/2027/004: Audio-visual services', [
      'Supply and operation of sound, projection and recording for three days.',
      DEMO_NOTE,
    ]),
    strategy: pdf('resources', 'national-cancer-control-strategy', 'National Cancer Control Strategy', [
      'The national strategy for cancer prevention and control.',
      DEMO_NOTE,
    ]),
    report: pdf('resources', 'summit-2025-report', 'Summit 2025 report', ['Outcomes and commitments from the previous summit.', DEMO_NOTE]),
    advert: pdf('jobs', 'summit-volunteer-coordinator', 'Job advert: Summit volunteer coordinator', [
      'Coordinate 80 volunteers before and during the summit.',
      DEMO_NOTE,
    ]),
  };
  const all: DemoFile[] = [
    ...Object.values(files.speakers).flat(),
    ...Object.values(files.sponsors).flat(),
    files.tender,
    files.strategy,
    files.report,
    files.advert,
  ];
  return { ...files, all };
}

/** The name a record stores for an image: its largest web size (the page derives the smaller). */
export const largestSize = (image: DemoFile[]) => image[image.length - 1].name;
