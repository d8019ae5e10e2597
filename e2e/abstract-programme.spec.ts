// Accepted abstracts into the programme on the production build, against the real rules: an
// accepted abstract (the abstract, its decision and a session written by the owner), published
// from Abstracts in the programme, placed in the session, seen placed on the screen and in the
// public copy, then unpublished after a confirmation.
import { expect, test } from './test.ts';
import { commitDocuments, readDocument } from './records.ts';
import { admin, expectAccessible, signIn } from './support.ts';

test('an accepted abstract → publish → place it in a session → seen there → unpublish', async ({ page }) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const id = `e2e-programme-${run}`;
  const sessionId = `e2e-programme-session-${run}`;
  const title = `Programme test abstract ${run}`;
  const sessionTitle = `Programme test session ${run}`;
  const at = new Date();
  try {
    await commitDocuments([
      {
        path: `abstracts/${id}`,
        data: {
          id,
          email: `${id}@example.org`,
          status: 'submitted',
          title,
          authors: ['Achieng Otieno', 'Kiprop Kemboi'],
          affiliations: ['Kenyatta National Hospital', 'Moi University'],
          presenting: 1,
          track: 'prevention',
          presentation: 'oral',
          background: 'Screening uptake remains low.',
          methods: 'We surveyed 400 women.',
          results: 'Uptake rose from 18% to 41%.',
          conclusions: 'Outreach doubles uptake.',
          keywords: 'screening',
          conflicts: 'Consults for a test maker.',
          consent: true,
          createdAt: at,
          updatedAt: at,
          submittedAt: at,
        },
      },
      { path: `abstractDecisions/${id}`, data: { id, outcome: 'poster', reviewIds: [], comments: [], decidedBy: admin.email, decidedAt: at } },
      {
        path: `sessions/${sessionId}`,
        data: {
          id: sessionId,
          title: sessionTitle,
          description: '',
          day: 2,
          startsAt: new Date('2027-03-11T07:00:00Z'),
          endsAt: new Date('2027-03-11T08:30:00Z'),
          track: 'Prevention',
          room: 'Room C',
          speakerIds: [],
          published: true,
          timestamp: at,
        },
      },
    ]);

    await signIn(page, admin);
    await page.goto('/admin/abstracts/programme');
    await expect(page.getByRole('heading', { level: 1, name: 'Abstracts in the programme' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Accepted abstracts' });
    const row = table.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Kiprop Kemboi');
    await expect(row).toContainText('Poster');
    await expect(row).toContainText('Not published');
    await expectAccessible(page);

    await page.getByRole('button', { name: /^Publish \d+ accepted abstracts?$/ }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Published \d+ abstracts?\.$/ })).toBeVisible();
    await expect(row).toContainText('Published, not in a session');
    const listing = await readDocument(`publishedAbstracts/${id}`);
    expect(listing).toMatchObject({ id, title, presentation: 'poster', sessionId: '', sessionOrder: 0 });
    expect(listing).not.toHaveProperty('email');
    expect(listing).not.toHaveProperty('conflicts');
    expect(await readDocument(`publishedAbstractTexts/${id}`)).toMatchObject({ results: 'Uptake rose from 18% to 41%.' });

    await row.getByRole('button', { name: `Place “${title}”` }).click();
    await expect(page.getByLabel('Published abstract')).toBeFocused();
    await page.getByLabel('Session', { exact: true }).selectOption({ label: `Day 2, 10:00–11:30: ${sessionTitle} (Room C)` });
    await expect(page.getByLabel(/^Place in the session’s running order/)).toHaveValue('1');
    await page.getByRole('button', { name: 'Place in the session' }).click();
    await expect(page.getByText('Placed in the session at place 1.')).toBeVisible();
    await expect(row).toContainText(`Day 2, 10:00–11:30: ${sessionTitle} (Room C), place 1`);
    expect(await readDocument(`publishedAbstracts/${id}`)).toMatchObject({ sessionId, sessionOrder: 0, title });
    await expectAccessible(page);

    await page.getByRole('button', { name: `Unpublish “${title}”` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Unpublish' }).click();
    await expect(row).toContainText('Not published');
    expect(await readDocument(`publishedAbstracts/${id}`)).toBeNull();
    expect(await readDocument(`publishedAbstractTexts/${id}`)).toBeNull();
  } finally {
    await commitDocuments([
      { delete: `abstracts/${id}` },
      { delete: `abstractDecisions/${id}` },
      { delete: `sessions/${sessionId}` },
      { delete: `publishedAbstracts/${id}` },
      { delete: `publishedAbstractTexts/${id}` },
    ]);
  }
});
