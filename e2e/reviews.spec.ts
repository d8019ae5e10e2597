// A reviewer in the back office (issue 39): signs in with their password, lands on Reviews (their
// only screen), sees only the blind copies assigned to them (no author or affiliation anywhere on
// the page), scores one on the call's criteria, revises it, and declares a conflict on another,
// against the real rules. The demo call is open, so nothing is assigned in the seed: the abstracts
// and assignments are written here (owner access, as administrators' assignment would once the
// call closed) and removed afterwards.
import { expect, test, type Page } from './test.ts';
import { commitDocuments, readDocument } from './records.ts';
import { expectAccessible } from './support.ts';
import { DEMO_REVIEWERS } from '../emulator/seed/demo-data.ts';
import { DEFAULT_CRITERIA } from '../src/data/abstracts.ts';

const [reviewer, other] = DEMO_REVIEWERS;
const run = Date.now().toString(36);
const AUTHORS = ['Achieng Otieno', 'Kiprop Kemboi'];
const AFFILIATIONS = ['Kenyatta National Hospital', 'Kakamega County Referral'];

const abstract = (n: number, title: string) => ({
  id: `e2e-review-${run}-${n}`,
  email: `author-${run}-${n}@example.org`,
  title,
  authors: AUTHORS,
  affiliations: AFFILIATIONS,
  presenting: 0,
  track: 'treatment',
  presentation: 'oral',
  background: `Background ${n}: adherence to oral chemotherapy is poorly measured.`,
  methods: 'Pharmacy refill records of 300 patients, 2024 to 2025.',
  results: 'Adherence was 71% at six months.',
  conclusions: 'Refill reminders are worth a trial.',
  keywords: 'adherence, chemotherapy',
  conflicts: 'AO holds a grant from a pharmaceutical company.',
  consent: true,
  status: 'submitted',
});
const ABSTRACTS = [abstract(1, 'Adherence to oral chemotherapy in Nairobi'), abstract(2, 'Palliative care at home in Kisumu'), abstract(3, 'Not for you')];
const assignment = (a: (typeof ABSTRACTS)[number], to: string) => {
  const id = `${a.id}__${to}`;
  const { title, track, presentation, background, methods, results, conclusions, keywords } = a;
  return {
    path: `blindAbstracts/${id}`,
    data: { id, abstractId: a.id, reviewer: to, title, track, presentation, background, methods, results, conclusions, keywords },
    now: ['assignedAt'],
  };
};
const ASSIGNED = [assignment(ABSTRACTS[0], reviewer.email), assignment(ABSTRACTS[1], reviewer.email), assignment(ABSTRACTS[2], other.email)];

test.beforeAll(async () => {
  await commitDocuments(ABSTRACTS.map((a) => ({ path: `abstracts/${a.id}`, data: a, now: ['createdAt', 'updatedAt', 'submittedAt'] })));
  await commitDocuments(ASSIGNED);
});
test.afterAll(async () => {
  await commitDocuments([
    ...ASSIGNED.flatMap((a) => [{ delete: a.path }, { delete: `reviews/${a.data.id}` }]),
    ...ABSTRACTS.map((a) => ({ delete: `abstracts/${a.id}` })),
  ]);
});

async function signInAsReviewer(page: Page) {
  await page.goto('/admin-login');
  await page.getByLabel('Email').fill(reviewer.email);
  await page.getByLabel('Password').fill(reviewer.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  // Their landing: Reviews, not the overview (whose figures are staff records).
  await expect(page).toHaveURL(/\/admin\/reviews$/);
}

const criterion = (page: Page, label: string) => page.getByRole('group', { name: label });

test('a reviewer sees only their blind abstracts, scores one, revises it and declares a conflict on another', async ({ page }) => {
  await signInAsReviewer(page);
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link')).toHaveText(['Reviews']);
  const list = page.getByRole('region', { name: 'Assigned to you' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list).toContainText('Adherence to oral chemotherapy in Nairobi');
  await expect(list).toContainText('Palliative care at home in Kisumu');
  await expect(page.getByText('Not for you')).toHaveCount(0);
  await expectAccessible(page);

  // Score the first by keyboard where it is natural (Tab into a group, arrows), by mouse elsewhere.
  await page.getByRole('button', { name: 'Review “Adherence to oral chemotherapy in Nairobi”' }).click();
  await expect(page.getByRole('heading', { name: 'Adherence to oral chemotherapy in Nairobi' })).toBeVisible();
  await expect(page.getByText('Treatment and supportive care')).toBeVisible();
  await expect(page.getByText('Background 1: adherence')).toBeVisible();
  for (const hidden of [...AUTHORS, ...AFFILIATIONS, 'AO holds a grant', ABSTRACTS[0].email]) await expect(page.getByText(hidden)).toHaveCount(0);
  const labels = Object.values(DEFAULT_CRITERIA);
  await criterion(page, labels[0]).getByRole('radio', { name: '1' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(criterion(page, labels[0]).getByRole('radio', { name: '3' })).toBeChecked();
  for (const label of labels.slice(1)) await criterion(page, label).getByRole('radio', { name: '4' }).check();
  await page.getByLabel('Comment to the authors (optional)').fill('Clear question; say how adherence was defined.');
  await page.getByLabel('Comment to the committee (optional)').fill('A solid poster at least.');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save the review' }).click();
  await expect(page.getByRole('status')).toHaveText('Your review is saved. You can revise it until the committee decides.');
  const first = ASSIGNED[0].data.id;
  const keys = Object.keys(DEFAULT_CRITERIA);
  expect(await readDocument(`reviews/${first}`)).toMatchObject({
    reviewer: reviewer.email,
    conflict: false,
    scores: Object.fromEntries(keys.map((k, i) => [k, i === 0 ? 3 : 4])),
    toAuthors: 'Clear question; say how adherence was defined.',
  });

  // Revised: the same review, one score changed.
  await criterion(page, labels[1]).getByRole('radio', { name: '5' }).check();
  await page.getByRole('button', { name: 'Save the revised review' }).click();
  await expect(page.getByRole('status')).toHaveText('Your review is saved. You can revise it until the committee decides.');
  await expect.poll(async () => ((await readDocument(`reviews/${first}`))?.scores as Record<string, number>)[keys[1]]).toBe(5);

  // A conflict on the second: no scores asked, nothing to the authors.
  await page.getByRole('button', { name: 'Back to your abstracts' }).click();
  await expect(list.getByRole('listitem').first()).toContainText('Reviewed');
  await page.getByRole('button', { name: 'Review “Palliative care at home in Kisumu”' }).click();
  await page.getByRole('checkbox', { name: /I have a conflict of interest/ }).check();
  await expect(criterion(page, labels[0])).toHaveCount(0);
  await expect(page.getByLabel('Comment to the authors (optional)')).toHaveCount(0);
  await page.getByLabel('Comment to the committee (optional)').fill('I supervised one of the authors.');
  await page.getByRole('button', { name: 'Declare the conflict' }).click();
  await expect(page.getByRole('status')).toHaveText('Your conflict is declared. You can change it until the committee decides.');
  expect(await readDocument(`reviews/${ASSIGNED[1].data.id}`)).toMatchObject({
    conflict: true,
    scores: {},
    toAuthors: '',
    toCommittee: 'I supervised one of the authors.',
  });
  await page.getByRole('button', { name: 'Back to your abstracts' }).click();
  await expect(list.getByRole('listitem').nth(1)).toContainText('Conflict declared');
  await expect(page.getByText('2 abstracts, 0 not reviewed yet.')).toBeVisible();

  // A staff screen is refused, and the rules refuse its reads anyway.
  await page.goto('/admin/registrations');
  await expect(page.getByText('Your role (reviewer) does not give access to this screen.')).toBeVisible();
});
