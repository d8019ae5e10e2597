// The public side of accepted abstracts on the production build, against the real rules: two
// published abstracts (a listing and a text each, as the back office publishes them) and a
// programme session, written by the owner after the build (so /program and /abstract-book are
// refreshed by the app from their prerendered pages, and the abstract's page comes from the SPA
// fallback), then read as a visitor reads them, then removed.
import { expect, test } from './test.ts';
import { commitDocuments, readDocument, writePublicDocuments } from './records.ts';
import { expectAccessible, startApp } from './support.ts';

test('a published abstract on /program under its session, on its own page, and in the abstract book by track', async ({ page }) => {
  const run = Date.now().toString(36);
  const sessionId = `e2e-pages-${run}`;
  const oral = `e2epages${run}oral`;
  const poster = `e2epages${run}poster`;
  const sessionTitle = `Screening in the counties ${run}`;
  const oralTitle = `Self-sampling for HPV in Kisumu ${run}`;
  const posterTitle = `A survivorship clinic model ${run}`;
  const seeded = (await readDocument('sessions/session-1'))!;
  const tracks = (await readDocument('settings/abstracts'))!.tracks as Record<string, string>;
  const listing = (id: string, fields: Record<string, unknown>) => ({
    id,
    authors: ['Achieng Otieno', 'Kiprop Kemboi', 'Wanjiru Mwangi'],
    affiliations: ['Kenyatta National Hospital', 'Moi University', 'Kenyatta National Hospital'],
    presenting: 1,
    keywords: 'screening, HPV',
    publishedAt: new Date(),
    ...fields,
  });
  const text = (id: string) => ({
    id,
    background: 'Screening uptake remains low.',
    methods: 'We offered self-sampling kits to 400 women.',
    results: 'Uptake rose from 18% to 41%.',
    conclusions: 'Self-sampling doubles uptake.',
  });
  await writePublicDocuments([
    [
      `sessions/${sessionId}`,
      {
        title: sessionTitle,
        description: 'Abstracts on screening.',
        day: seeded.day,
        startsAt: seeded.startsAt,
        endsAt: seeded.endsAt,
        track: 'Prevention',
        room: 'Room C',
        speakerIds: [],
        published: true,
      },
    ],
    [`publishedAbstracts/${oral}`, listing(oral, { title: oralTitle, track: 'prevention', presentation: 'oral', sessionId, sessionOrder: 0 })],
    [`publishedAbstractTexts/${oral}`, text(oral)],
    // A track the call no longer has, not yet placed in a session.
    [
      `publishedAbstracts/${poster}`,
      listing(poster, { title: posterTitle, track: `gone-${run}`, presentation: 'poster', presenting: 0, sessionId: '', sessionOrder: 0 }),
    ],
    [`publishedAbstractTexts/${poster}`, text(poster)],
  ]);
  try {
    // /program: the abstract under its session, linked, its presenting author marked in words.
    await page.goto('/program');
    await startApp(page);
    const session = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: sessionTitle }) });
    await expect(session.getByRole('heading', { level: 4, name: 'Abstracts' })).toBeVisible();
    const item = session.getByRole('listitem').filter({ hasText: oralTitle });
    await expect(item).toContainText('(Oral)');
    await expect(item).toContainText('Achieng Otieno, Kiprop Kemboi (presenting), Wanjiru Mwangi');
    await expect(page.getByText(posterTitle)).toHaveCount(0);
    await item.getByRole('link', { name: oralTitle }).click();

    // Its page: authors with shared affiliation numbers, the session, the parts.
    await expect(page).toHaveURL(`/abstracts/${oral}`);
    await expect(page.getByRole('heading', { level: 1, name: oralTitle })).toBeVisible();
    await expect(page).toHaveTitle(`${oralTitle} | National Cancer Summit`);
    await expect(page.getByText('Achieng Otieno1, Kiprop Kemboi2 (presenting), Wanjiru Mwangi1')).toBeVisible();
    await expect(page.locator('#affiliation-1')).toHaveText('1 Kenyatta National Hospital');
    await expect(page.locator('#affiliation-2')).toHaveText('2 Moi University');
    await expect(page.getByRole('definition').filter({ hasText: tracks.prevention })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'Oral presentation' })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: '(Nairobi time), Room C' }).getByRole('link', { name: sessionTitle })).toHaveAttribute(
      'href',
      '/program',
    );
    for (const part of ['Background', 'Methods', 'Results', 'Conclusions']) await expect(page.getByRole('heading', { level: 2, name: part })).toBeVisible();
    await expect(page.getByText('Uptake rose from 18% to 41%.')).toBeVisible();
    await expectAccessible(page);

    // Loaded by its address (the SPA fallback, as it was published after the build).
    await page.goto(`/abstracts/${poster}`);
    await expect(page.getByRole('heading', { level: 1, name: posterTitle })).toBeVisible();
    await expect(page.getByText('Not yet placed in the programme.')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: `gone-${run}` })).toBeVisible();

    // The book: by track, the call's tracks first, the one the call no longer has last.
    await page.goto('/abstract-book');
    await startApp(page);
    const contents = page.getByRole('navigation', { name: 'Contents' });
    await expect(contents.getByRole('link', { name: tracks.prevention })).toBeVisible();
    const entries = contents.getByRole('listitem');
    await expect(entries.last()).toHaveText(`gone-${run} (1 abstract)`);
    await contents.getByRole('link', { name: `gone-${run}` }).click();
    const gone = page.getByRole('region', { name: `gone-${run}` });
    await expect(gone).toBeInViewport();
    await expect(gone.getByRole('link', { name: posterTitle })).toHaveAttribute('href', `/abstracts/${poster}`);
    await expect(gone).toContainText('Achieng Otieno (presenting), Kiprop Kemboi, Wanjiru Mwangi');
    await expect(gone).toContainText('Poster');
    await expect(page.getByRole('region', { name: tracks.prevention }).getByRole('link', { name: oralTitle })).toBeVisible();
    await expectAccessible(page);

    // Found from the call and the footer.
    await page.goto('/abstracts');
    await expect(page.getByRole('link', { name: 'abstract book', exact: true })).toHaveAttribute('href', '/abstract-book');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Abstract book' })).toHaveAttribute('href', '/abstract-book');
  } finally {
    await commitDocuments(
      [
        `sessions/${sessionId}`,
        `publishedAbstracts/${oral}`,
        `publishedAbstractTexts/${oral}`,
        `publishedAbstracts/${poster}`,
        `publishedAbstractTexts/${poster}`,
      ].map((path) => ({ delete: path })),
    );
  }
});

test('an address that is no published abstract says so, and is not indexed', async ({ page }) => {
  await page.goto('/abstracts/no-such-abstract');
  await expect(page.getByRole('heading', { level: 1, name: 'Abstract not found' })).toBeVisible();
  await expect(page).toHaveTitle('Abstract not found | National Cancer Summit');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByRole('link', { name: 'abstract book', exact: true })).toHaveAttribute('href', '/abstract-book');
});
