// The committee's side of the call for abstracts on the production build, against the real rules:
// the call closed, submitted abstracts and a reviewer's entry written by the owner, the
// administrator assigns automatically from the screen (one abstract is from the reviewer's own
// institution, so it stays unassigned and the preview says why), the reviews written by the owner,
// then the committee's table, one decision with its comments chosen, and its email in MailDev
// quoting the comment and never the reviewer.
import { expect, test } from './test.ts';
import { emailTo } from './inbox.ts';
import { commitDocuments, readDocument, replaceFields } from './records.ts';
import { decisionMailId, outcomePath } from '../src/data/abstract-decision.ts';
import { admin, expectAccessible, serverClockOffsetMs, signIn } from './support.ts';

const HOUR = 3_600_000;

test('close the call → assign automatically with a preview → reviews → the committee’s table → decide → the email quotes the comment, not the reviewer', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const track = `e2e-committee-${run}`;
  const reviewer = `reviewer-${run}@example.org`;
  const ids = ['one', 'two', 'conflict'].map((n) => `e2e-${run}-${n}`);
  const authorOf = (id: string) => `${id}@example.org`;
  const title = (id: string) => `Committee test abstract ${id}`;
  const now = Date.now() + (await serverClockOffsetMs());
  const call = (await readDocument('settings/abstracts'))!;
  const restoreCall = await replaceFields('settings/abstracts', {
    opensAt: new Date(now - 48 * HOUR),
    closesAt: new Date(now - HOUR),
    tracks: { ...(call.tracks as Record<string, string>), [track]: 'E2E committee' },
    reviewersPerAbstract: 1,
  });
  const criteria = Object.keys(call.criteria as Record<string, string>);
  try {
    await commitDocuments([
      { path: `staff/${reviewer}`, data: { email: reviewer, role: 'reviewer', institution: 'Aga Khan University Hospital', tracks: [track] } },
      ...ids.map((id, i) => ({
        path: `abstracts/${id}`,
        data: {
          id,
          email: authorOf(id),
          status: 'submitted',
          title: title(id),
          authors: ['Achieng Otieno'],
          affiliations: [i === 2 ? 'Department of Oncology, Aga Khan University Hospital, Nairobi' : 'Kenyatta National Hospital'],
          presenting: 0,
          track,
          presentation: 'oral',
          background: 'Screening uptake remains low.',
          methods: 'We surveyed 400 women.',
          results: 'Uptake rose from 18% to 41%.',
          conclusions: 'Outreach doubles uptake.',
          keywords: 'screening',
          conflicts: 'None.',
          consent: true,
          createdAt: new Date(now - 30 * HOUR),
          updatedAt: new Date(now - 30 * HOUR),
          submittedAt: new Date(now - 30 * HOUR + i * 60_000),
        },
      })),
    ]);

    await signIn(page, admin);
    await page.goto('/admin/abstracts/assign');
    await page.getByRole('button', { name: 'Assign automatically' }).click();
    await expect(page.getByText(`${title(ids[2])}: 0 of 1, too few reviewers without a conflict.`)).toBeVisible();
    const each = page.getByRole('table', { name: 'Each abstract’s reviewers' });
    await expect(each.getByRole('row').filter({ hasText: title(ids[0]) })).toContainText(`${reviewer} (new)`);
    // Now none, after two (the third abstract is from the reviewer's institution).
    await expect(page.getByRole('table', { name: 'Each reviewer’s load' }).getByRole('row').filter({ hasText: reviewer }).getByRole('cell')).toHaveText([
      reviewer,
      '0',
      '2',
    ]);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Store 2 assignments' }).click();
    await expect(page.getByText('Stored 2 assignments.')).toBeVisible();
    const copy = await readDocument(`blindAbstracts/${ids[0]}__${reviewer}`);
    expect(copy).toMatchObject({ abstractId: ids[0], reviewer, title: title(ids[0]) });
    expect(copy).not.toHaveProperty('authors');
    expect(await readDocument(`blindAbstracts/${ids[2]}__${reviewer}`)).toBeNull();

    // The reviewer's reviews (their own screen is another part of the work).
    const scores = (n: number) => Object.fromEntries(criteria.map((c) => [c, n]));
    await commitDocuments(
      [
        [ids[0], 5, 'A clear design; say how the clinics were chosen.'],
        [ids[1], 2, 'The sample is too small to conclude.'],
      ].map(([id, n, toAuthors]) => ({
        path: `reviews/${id}__${reviewer}`,
        data: {
          id: `${id}__${reviewer}`,
          abstractId: id,
          reviewer,
          conflict: false,
          scores: scores(Number(n)),
          toAuthors,
          toCommittee: 'For the committee only.',
        },
        now: ['createdAt', 'updatedAt'],
      })),
    );

    await page.goto('/admin/abstracts');
    const table = page.getByRole('table', { name: 'The committee’s table: reviews side by side' });
    await expect(table.getByRole('row').filter({ hasText: title(ids[0]) })).toContainText('5.0');
    await page.getByLabel('Sort').selectOption('overall-asc');
    const titles = await table.getByRole('button').allTextContents();
    expect(titles.indexOf(title(ids[1]))).toBeLessThan(titles.indexOf(title(ids[0])));
    await expectAccessible(page);

    await table.getByRole('button', { name: title(ids[0]) }).click();
    await expect(page.getByRole('region', { name: 'Reviews' })).toContainText(`Review 1, by ${reviewer}`);
    const decision = page.getByRole('region', { name: 'Decision' });
    await decision.getByRole('radio', { name: 'Accept as oral' }).check();
    await expect(decision.getByRole('region', { name: 'The email' })).toContainText('A clear design; say how the clinics were chosen.');
    await expectAccessible(page);
    await decision.getByRole('button', { name: 'Decide…' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Decide and send the email' }).click();
    await expect(decision).toContainText(`Accepted as an oral presentation, by ${admin.email}`);

    const email = await emailTo(authorOf(ids[0]), /Your abstract: accepted as an oral presentation/);
    expect(email.text).toContain('A clear design; say how the clinics were chosen.');
    expect(email.text).not.toContain(reviewer);
    expect(email.html).not.toContain(reviewer);
    expect(email.text).not.toContain('For the committee only.');
    // Accepted: the presenting author is sent to register in the presenter category.
    expect(email.text).toMatch(/Register as the presenting author: \S+\/register\?category=presenter/);

    await page.getByRole('button', { name: 'Back to the abstracts' }).click();
    await expect(table.getByRole('row').filter({ hasText: title(ids[0]) })).toContainText('accepted as an oral presentation');
  } finally {
    await commitDocuments([
      { delete: `staff/${reviewer}` },
      ...ids.flatMap((id) => [
        { delete: `abstracts/${id}` },
        { delete: `abstractDecisions/${id}` },
        { delete: outcomePath(id) },
        { delete: `mail/${decisionMailId(id)}` },
        { delete: `blindAbstracts/${id}__${reviewer}` },
        { delete: `reviews/${id}__${reviewer}` },
      ]),
    ]);
    await restoreCall();
  }
});
