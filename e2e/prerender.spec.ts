// Public pages arrive as HTML: readable, styled and navigable before any JavaScript runs; then
// they hydrate without a mismatch (which React would answer by throwing the HTML away).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { devices, expect, test, type Page } from './test.ts';
import { findDocuments, patchDocument } from '../emulator/seed/rest.ts';
import { decodeFields } from '../src/lib/firestore-rest.ts';
import { builtVersion, setContentVersion, stack } from './records.ts';
import { fillRegistration, startApp } from './support.ts';

// Published when the build ran (npm test builds against the demo data), so prerendered.
const ARTICLE = '/blogs/why-early-detection-saves-lives';

/** Page errors and console errors, where React reports a hydration mismatch. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  return problems;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('public pages are readable and styled, with their title and description', async ({ page }) => {
    for (const [path, heading] of [
      ['/', /^National Cancer Summit/],
      ['/about', /about/i],
      ['/faq', 'Frequently Asked Questions'],
      ['/register', 'Register to Attend'],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
      await expect(page.locator('meta[name="description"]'), path).toHaveAttribute('content', /.{20,}/);
      // The stylesheet is inline: the page is styled though no stylesheet request was needed.
      expect(await page.locator('head style').count(), path).toBeGreaterThan(0);
    }
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Programme' })).toHaveAttribute('href', '/program');
  });

  test('a published article is in the HTML', async ({ page }) => {
    expect((await page.goto(ARTICLE))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Why early detection saves lives');
    await expect(page.getByText('Screening finds cancer when treatment works best.').first()).toBeVisible();
  });

  test('the build read what the pages show: dates and venue, the programme, the speakers', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('Kenyatta International Convention Centre, Nairobi').first()).toBeVisible();
    // The home page's previews too: its speakers, latest articles and partners.
    await expect(page.getByRole('heading', { name: 'Speakers' })).toBeVisible();
    await expect(page.getByText('Dr. Amina Otieno')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Latest articles' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Know the warning signs' })).toBeVisible();
    await expect(page.getByText(/Global Oncology Alliance/)).toBeVisible();
    await page.goto('/program');
    await expect(page.getByRole('heading', { name: 'Opening plenary: the state of cancer care' })).toBeVisible();
    await expect(page.getByText('Loading the programme…')).toHaveCount(0);
    await page.goto('/about');
    await expect(page.getByText('Dr. Amina Otieno').first()).toBeVisible();
  });

  test('a form cannot be sent before the page runs (it would put the answers in the address) and says why', async ({ page, request }) => {
    await page.goto('/contact');
    await expect(page.getByLabel('Email')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled();
    // In a <noscript>, which a browser with scripting off shows (Playwright's switch does not).
    expect(await (await request.get('/contact')).text()).toContain('<noscript><p class="mb-4 text-slate-700">This form needs JavaScript.');
  });

  test('the FAQ answers are in the HTML', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByText('How do I pay for my registration?')).toBeAttached();
  });
});

/** Every page the build prerendered, by its path, read from build/client (the preview serves it). */
function builtPages(): Array<{ path: string; html: string }> {
  const client = join(import.meta.dirname, '../build/client');
  return (readdirSync(client, { recursive: true }) as string[])
    .filter((file) => file.endsWith('index.html') && !file.startsWith('assets'))
    .map((file) => ({ path: `/${file.replace(/\/?index\.html$/, '')}`, html: readFileSync(join(client, file), 'utf8') }));
}

test('every prerendered page carries its title, description, canonical address and Open Graph in <head>, and no head tag in <body>', () => {
  const pages = builtPages();
  expect(pages.map((p) => p.path)).toEqual(expect.arrayContaining(['/', '/register', '/program', '/faq', ARTICLE]));
  for (const { path, html } of pages) {
    const [head, body] = html.split('</head>');
    expect(head.match(/<title>[^<]+<\/title>/g), path).toHaveLength(1);
    expect(head.match(/<meta name="description" content="[^"]{20,}"/g), path).toHaveLength(1);
    const noindex = head.includes('<meta name="robots" content="noindex"');
    if (!noindex) expect(head, path).toContain(`<link rel="canonical" href="https://summit.example.org${path === '/' ? '/' : path}"`);
    for (const property of ['og:title', 'og:description', 'og:type', 'og:url', 'og:site_name'])
      expect(head.match(new RegExp(`<meta property="${property}" content="[^"]+"`, 'g')), `${path} ${property}`).toHaveLength(1);
    expect(body.match(/<(title|meta|base)\b[^>]*>|<link rel="(canonical|icon|alternate)"[^>]*>/g), path).toBeNull();
  }
  const article = pages.find((p) => p.path === ARTICLE)!.html;
  expect(article).toContain('<title>Why early detection saves lives | National Cancer Summit</title>');
  expect(article).toContain('<meta property="og:type" content="article"/>');
});

test('every prerendered page is whole in its HTML: no part left hidden for a script to put in place', () => {
  for (const { path, html } of builtPages()) {
    // React's markers of an outlined Suspense boundary: a placeholder, the content hidden at the end, and the script that swaps them.
    expect(html, path).not.toMatch(/<template id="B:|<div hidden id="S:|\$RC=|\$RV=/);
  }
  expect(builtPages().find((p) => p.path === '/register')!.html).toMatch(/<form id="registration-form"/);
});

/** Script requests the page makes from now on. */
function scriptRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && urls.push(r.url()));
  return urls;
}

test.describe('scripts start when the page needs them', () => {
  test('a reader of an up-to-date page downloads no JavaScript, nor to open a menu; the first other tap starts the app', async ({ page, request }) => {
    await setContentVersion(await builtVersion(request, '/faq'));
    const scripts = scriptRequests(page);
    const problems = consoleProblems(page);
    await page.goto('/faq');
    await page.waitForLoadState('networkidle');
    await expect(page.getByText('How do I pay for my registration?')).toBeVisible();
    expect(scripts).toEqual([]);
    // The menu is a native <details>: the tap opens it with no script, and starts nothing.
    await page.locator('summary', { hasText: 'Get Involved' }).click();
    await expect(page.getByRole('link', { name: 'Partner With Us' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
    // A tap elsewhere starts the app, which hydrates around the open menu and leaves it open.
    await page.getByRole('heading', { level: 1 }).click();
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    await expect(page.getByRole('link', { name: 'Partner With Us' })).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  test('a page whose content changed since the build starts the app at once and shows the change', async ({ page, request }) => {
    const slug = 'know-the-warning-signs';
    const built = await builtVersion(request, `/blogs/${slug}`);
    expect(await (await request.get(`/blogs/${slug}`)).text()).toContain('>Know the warning signs</h1>');
    // As the back office does: the change and the version's move together.
    await patchDocument(stack, `publications/${slug}`, { title: 'Know the warning signs (revised)' });
    await setContentVersion(built + 1);
    const problems = consoleProblems(page);
    try {
      await page.goto(`/blogs/${slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Know the warning signs (revised)');
      // It hydrated with the article as built (sent with the page), then refreshed it: no mismatch.
      expect(problems).toEqual([]);
    } finally {
      await patchDocument(stack, `publications/${slug}`, { title: 'Know the warning signs' });
    }
  });

  test('a list carries its first page and needs no script', async ({ page, request }) => {
    await setContentVersion(await builtVersion(request, '/events'));
    const scripts = scriptRequests(page);
    await page.goto('/events');
    await expect(page.getByRole('heading', { name: /Pre-summit webinar/ })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
  });

  test('a form takes typing before the app has arrived, keeps it through hydration, and sends it with the tap that waited', async ({ page, request }) => {
    await setContentVersion(await builtVersion(request, '/contact'));
    const scripts = scriptRequests(page);
    // The app's scripts wait until the visitor has typed everything: a phone on a slow line.
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await arrived;
      await route.continue();
    });
    await page.goto('/contact');
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
    const subject = `Typed early ${Date.now()}`;
    await page.getByLabel('Your name').fill('Njeri');
    await page.getByLabel('Email').fill('njeri@example.org');
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message').fill('Typed before the page had its scripts.');
    const send = page.getByRole('button', { name: 'Send message' });
    await send.click();
    // The tap is taken at once: the button is busy while the app arrives.
    await expect(send).toHaveAttribute('aria-busy', 'true');
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
    expect(scripts.length).toBeGreaterThan(0);
    arrive();
    await expect(page.getByRole('heading', { name: 'Message sent' })).toBeVisible();
    const [sent, ...more] = await findDocuments(stack, 'messages', 'subject', subject);
    expect(more).toEqual([]);
    expect(decodeFields(sent.fields as Parameters<typeof decodeFields>[0])).toMatchObject({
      name: 'Njeri',
      email: 'njeri@example.org',
      message: 'Typed before the page had its scripts.',
    });
  });
});

// On a phone's browser (as on Safari), Firebase Auth set up for popups loads Google's sign-in frame
// (apis.google.com) as soon as it starts: a visitor's email link needs none of it.
test.describe('on a phone', () => {
  test.use({ userAgent: devices['Pixel 7'].userAgent });

  test('/register brings the Auth SDK only once the visitor asks for a sign-in link, and nothing from another site', async ({ page }) => {
    const scripts = scriptRequests(page);
    const hosts = new Set<string>();
    page.on('request', (r) => hosts.add(new URL(r.url()).hostname));
    const authSdk = () => scripts.filter((url) => /\/firebase-auth-[\w-]+\.js$/.test(url));
    await page.goto('/register');
    await startApp(page);
    await expect(page.getByLabel('Full name')).toBeEditable();
    await page.waitForLoadState('networkidle');
    expect(authSdk()).toEqual([]);
    await fillRegistration(page);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    expect(authSdk()).toHaveLength(1);
    // The email link needs no Google sign-in frame (apis.google.com): only this site and Firebase (the emulators here).
    await page.waitForLoadState('networkidle');
    expect([...hosts].sort()).toEqual(['127.0.0.1', 'localhost']);
  });
});

test('prerendered pages hydrate without errors and then fetch their data', async ({ page }) => {
  const problems = consoleProblems(page);
  for (const path of ['/', '/about', '/program', '/register', '/blogs', ARTICLE, '/faq', '/abstract-book', '/abstracts/demo-abstract-hpv-schools']) {
    await page.goto(path);
    await startApp(page);
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
  }
  await page.goto('/register');
  await startApp(page);
  await expect(page.getByLabel('Full name')).toBeEditable();
  expect(problems).toEqual([]);
});

test('a link to a filtered programme filters the prerendered one once it hydrates, without a mismatch', async ({ page }) => {
  const problems = consoleProblems(page);
  await page.goto('/program?day=3');
  await expect(page.getByLabel('Day', { exact: true })).toHaveValue('3');
  await expect(page.getByRole('heading', { name: 'Closing plenary and declaration' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Opening plenary: the state of cancer care' })).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('the back office, sign-in, checkout and my registration are not prerendered: they get the SPA shell', async ({ request }) => {
  const shell = await (await request.get('/__spa-fallback.html')).text();
  for (const path of ['/admin', '/admin/registrations', '/admin/waitlist', '/login', '/checkout/demo-registration-1', '/my-registration']) {
    expect(await (await request.get(path)).text(), path).toBe(shell);
  }
  expect(await (await request.get('/about')).text()).not.toBe(shell);
});
