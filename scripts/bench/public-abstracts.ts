// `npm run bench -- --only public-abstracts`: the public abstract pages with 300 accepted
// abstracts placed across the demo's nine sessions: the production build made against a fresh demo
// stack holding them (its time, as every abstract's page is prerendered), then each page's HTML,
// raw and gzipped, and how much of it is the data block the app hydrates from. Titles, names and
// affiliations are drawn from word lists so the HTML compresses like real text, not like one line
// repeated. Printed, never asserted. Writes build/ (run `npx tsx scripts/test/build-demo.ts` before e2e).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { startStack } from '../../emulator/stack.ts';
import { writeDocuments } from '../../emulator/seed/rest.ts';

const WORDS =
  'screening uptake cervical breast prostate colorectal oesophageal outreach community county referral hospital survival palliative radiotherapy chemotherapy access cost financing registry incidence women men children adolescents rural urban nurses clinicians pathway delay diagnosis staging follow-up adherence vaccination HPV self-sampling mobile clinic insurance households quality outcomes mortality trends'.split(
    ' ',
  );
const NAMES = 'Achieng Kiprop Wanjiru Otieno Mwangi Njeri Kemboi Odhiambo Chebet Mutua Wafula Akinyi Kamau Naliaka Barasa Jeptoo Omondi Wairimu'.split(' ');
const PLACES = [
  'Kenyatta National Hospital',
  'Moi Teaching and Referral Hospital',
  'Aga Khan University Hospital',
  'University of Nairobi',
  'KEMRI',
  'Kisumu County Referral Hospital',
];
let seed = 7;
const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
const words = (n: number) => Array.from({ length: n }, () => WORDS[rand(WORDS.length)]).join(' ');
const name = () => `${NAMES[rand(NAMES.length)]} ${NAMES[rand(NAMES.length)]}`;

/** The build's time and each public abstract page's weight, with `count` accepted abstracts placed. */
export async function publicAbstractFigures(count = 300): Promise<Array<Record<string, string>>> {
  const stack = await startStack({ fresh: true, siteUrl: 'http://localhost:4173' });
  let built = false;
  let seconds = 0;
  try {
    const tracks = ['prevention', 'treatment', 'health-systems', 'survivorship'];
    const docs: Array<[string, Record<string, unknown>]> = [];
    for (let i = 0; i < count; i++) {
      const id = `bench${String(i).padStart(4, '0')}`;
      const authors = Array.from({ length: 2 + rand(5) }, name);
      const title = words(8 + rand(8));
      docs.push([
        `publishedAbstracts/${id}`,
        {
          id,
          title: title[0].toUpperCase() + title.slice(1),
          authors,
          affiliations: authors.map(() => `${PLACES[rand(PLACES.length)]}, ${['Nairobi', 'Eldoret', 'Kisumu', 'Mombasa'][rand(4)]}`),
          presenting: rand(authors.length),
          track: tracks[i % tracks.length],
          presentation: i % 3 ? 'poster' : 'oral',
          keywords: words(3).replaceAll(' ', ', '),
          sessionId: `session-${(i % 9) + 1}`,
          sessionOrder: Math.floor(i / 9),
          publishedAt: new Date(),
        },
      ]);
      docs.push([`publishedAbstractTexts/${id}`, { id, background: words(60), methods: words(70), results: words(80), conclusions: words(40) }]);
    }
    await writeDocuments(stack.address, docs);
    const started = performance.now();
    built = spawnSync('npm', ['run', '-s', 'build'], { stdio: 'ignore' }).status === 0;
    seconds = (performance.now() - started) / 1000;
  } finally {
    await stack.stop();
  }
  if (!built) throw new Error('The build failed: run `npm run build` to see why.');

  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const pages: Array<[string, string]> = [
    ['/program', 'program/index.html'],
    ['/abstract-book', 'abstract-book/index.html'],
    ...(count > 0 ? ([['/abstracts/:id', 'abstracts/bench0000/index.html']] as Array<[string, string]>) : []),
  ];
  return pages.map(([page, file]) => {
    const html = readFileSync(`build/client/${file}`, 'utf8');
    const data = /<script type="application\/json"[^>]*>([\s\S]*?)<\/script>/g;
    const block = [...html.matchAll(data)].map((m) => m[1]).sort((a, b) => b.length - a.length)[0] ?? '';
    return {
      page,
      'accepted abstracts': String(count),
      'build (s, every abstract prerendered)': seconds.toFixed(0),
      'HTML raw': kb(html.length),
      'HTML gzip': kb(gzipSync(html).length),
      'of which the data block (gzip)': kb(gzipSync(block).length),
    };
  });
}
