// What staff enter reaches the public site: photos and logos (sized, lazy, with alt text), an
// event's registration link, events apart by past and upcoming, articles titled by their titles.
import { expect, test } from './test.ts';
import { writePublicDocuments } from './records.ts';
import { startApp } from './support.ts';

test('/about shows speakers’ photos and partners’ logos in reserved boxes, with alt text, lazily', async ({ page }) => {
  await page.goto('/about');
  const photo = page.getByRole('img', { name: 'Portrait of Dr. Amina Otieno' });
  await expect(photo).toHaveAttribute('width', '56');
  await expect(photo).toHaveAttribute('height', '56');
  await expect(photo).toHaveAttribute('loading', 'lazy');
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const logo = page.getByRole('link', { name: 'Global Oncology Alliance' }).getByRole('img', { name: 'Global Oncology Alliance' });
  await expect(logo).toHaveAttribute('width', '160');
  await expect(logo).toHaveAttribute('height', '64');
  await expect(page.getByRole('link', { name: 'Global Oncology Alliance' })).toHaveAttribute('href', 'https://globaloncology.example');
});

test('a photo address that does not load leaves the speaker’s initials, not a broken image', async ({ page }) => {
  const id = `e2e-speaker-${Date.now()}`;
  await writePublicDocuments([
    [
      `speakers/${id}`,
      {
        id,
        name: 'Broken Photo Speaker',
        title: 'Nurse',
        organisation: 'Clinic',
        bio: 'Bio.',
        photoUrl: 'https://nowhere.invalid/x.jpg',
        order: 998,
        published: true,
        timestamp: new Date(),
      },
    ],
  ]);
  await page.goto('/about');
  await startApp(page);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Broken Photo Speaker' }) });
  await card.scrollIntoViewIfNeeded();
  await expect(card.locator('img')).toHaveCount(0);
  await expect(card.getByRole('img', { name: 'Portrait of Broken Photo Speaker' })).toHaveText('BP');
});

test('/events lists what is coming soonest first with its registration link, and past events apart', async ({ page }) => {
  await page.goto('/events');
  const upcoming = page.getByRole('region', { name: 'Coming up' });
  const past = page.getByRole('region', { name: 'Past events' });
  await expect(upcoming.getByRole('heading', { name: 'Pre-summit webinar: preparing your abstract' })).toBeVisible();
  await expect(upcoming.getByRole('link', { name: /Register for this event/ })).toHaveAttribute('href', /\/register$/);
  await expect(past.getByRole('heading', { name: 'Screening day at Kisumu County Referral Hospital' })).toBeVisible();
  await expect(past.getByRole('link', { name: /Register for this event/ })).toHaveCount(0);
});

test('an article’s and a position’s browser title is their title, in the page as built', async ({ page, request }) => {
  const html = await (await request.get('/blogs/why-early-detection-saves-lives')).text();
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  expect(title).toMatch(/ \| National Cancer Summit$/);
  expect(title).not.toMatch(/why early detection/);
  await page.goto('/blogs/why-early-detection-saves-lives');
  await expect(page).toHaveTitle(`${await page.getByRole('heading', { level: 1 }).textContent()} | National Cancer Summit`);
  await page.goto('/careers/summit-volunteer-coordinator');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Loading position…');
  await expect(page).toHaveTitle(`${await page.getByRole('heading', { level: 1 }).textContent()} | National Cancer Summit`);
});

test('an unknown article says what to do next and asks crawlers not to index it', async ({ page }) => {
  await page.goto('/blogs/no-such-article-here');
  await expect(page.getByRole('heading', { level: 1, name: 'Article not found' })).toBeVisible();
  await expect(page.locator('meta[name="robots"][content="noindex"]')).toHaveCount(1);
  await expect(page).toHaveTitle('Article not found | National Cancer Summit');
  await expect(page.getByRole('link', { name: 'latest news and blogs' })).toHaveAttribute('href', '/blogs');
});

test('the demo’s resource, tender and job advert documents open: real PDFs uploaded to Cloud Storage', async ({ page, request }) => {
  // Each within its demo item: other tests add tenders of their own, which may be listed first.
  for (const [path, item, name] of [
    ['/resources', 'National Cancer Control Strategy', /National Cancer Control Strategy/],
    ['/tenders', 'Audio-visual services for the summit', /Tender document/],
  ] as const) {
    await page.goto(path);
    const href = await page.getByRole('listitem').filter({ hasText: item }).getByRole('link', { name }).first().getAttribute('href');
    await expectUploadedPdf(href);
  }
  // A position's advert, uploaded as a PDF, is offered for download on its page.
  await page.goto('/careers/summit-volunteer-coordinator');
  await expectUploadedPdf(await page.getByRole('link', { name: 'Download the job advert (PDF)' }).getAttribute('href'));

  async function expectUploadedPdf(href: string | null) {
    expect(href).toMatch(/^http:\/\/127\.0\.0\.1:9199\/v0\/b\/demo-nci-summit\.appspot\.com\/o\/content%2F(resources|tenders|jobs)%2F.+\.pdf\?alt=media$/);
    const response = await request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
  }
});
