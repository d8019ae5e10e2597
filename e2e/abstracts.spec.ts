// An author answers the call for abstracts from the public site: reads the call, signs in by the
// emailed link, saves a draft, loses nothing on a reload, submits and withdraws, against the real
// rules (the demo's call is open: emulator/seed/demo-data.ts).
import { expect, test } from './test.ts';
import { commitDocuments, readCollection } from './records.ts';
import { expectAccessible, signInToMyRegistration, startApp } from './support.ts';

const authorEmail = () => `author-${Date.now()}@example.org`;

async function abstractsOf(email: string) {
  return (await readCollection('abstracts')).filter(([, d]) => d.email === email);
}

test('an author reads the call, signs in, drafts, reloads, submits and withdraws an abstract', async ({ page }) => {
  const email = authorEmail();
  try {
    await page.goto('/abstracts');
    await startApp(page);
    await expect(page.getByText(/^The call is open until/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Tracks' }).getByRole('listitem')).toHaveCount(4);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Submit an abstract' }).click();
    await expect(page).toHaveURL(/\/my-abstracts$/);

    await signInToMyRegistration(page, email, '/my-abstracts');
    await expect(page.getByText(`No abstract for ${email} yet.`)).toBeVisible();
    await page.getByRole('button', { name: 'Write a new abstract' }).click();
    await page.getByLabel('Title').fill('Community outreach and cervical screening in Kisumu');
    await page.getByLabel('Name').fill('Achieng Otieno');
    await page.getByLabel('Institution').fill('Kenya Medical Research Institute');
    await page.getByRole('button', { name: 'Save as a draft' }).click();
    await expect(page.getByText('Draft “Community outreach and cervical screening in Kisumu” saved. It is not submitted yet.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your abstracts' }).getByRole('listitem')).toContainText('Draft: not submitted yet');
    const [[id, draft]] = await abstractsOf(email);
    expect(draft).toMatchObject({ status: 'draft', authors: ['Achieng Otieno'], affiliations: ['Kenya Medical Research Institute'] });

    // Typed and not saved, then reloaded: still there.
    await page.getByRole('button', { name: 'Edit “Community outreach and cervical screening in Kisumu”' }).click();
    await page.getByLabel('Background').fill('Screening uptake in western Kenya remains low.');
    await expect(page.getByLabel('Background')).toHaveAccessibleDescription('7 words of 100');
    await page.reload();
    await expect(page.getByLabel('Background')).toHaveValue('Screening uptake in western Kenya remains low.');
    await expect(page.getByText('We kept the changes you had not saved yet.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/my-abstracts\\?abstract=${id}$`));

    // Submitting asks for what is missing first.
    await page.getByRole('button', { name: 'Submit the abstract' }).click();
    await expect(page.getByRole('alert')).toContainText('The abstract cannot be submitted yet:');
    await expect(page.getByLabel('Methods')).toHaveAccessibleDescription('0 words of 100 Write the methods.');
    await expectAccessible(page);
    await page.getByRole('radio', { name: 'Presents the abstract' }).check();
    await page.getByLabel('Track').selectOption({ label: 'Prevention and early detection' });
    await page.getByLabel('Methods').fill('A survey of 400 women at county clinics.');
    await page.getByLabel('Results').fill('Uptake rose from 18% to 41% after outreach.');
    await page.getByLabel('Conclusions').fill('Outreach doubles uptake.');
    await page.getByLabel('Keywords').fill('cervical cancer, screening');
    await page.getByLabel('Conflicts of interest').fill('None.');
    await page.getByRole('checkbox', { name: /may be published/ }).check();
    await page.getByRole('button', { name: 'Submit the abstract' }).click();
    await expect(page.getByText(/^“Community outreach and cervical screening in Kisumu” is submitted\./)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your abstracts' }).getByRole('listitem')).toContainText(/Submitted on .+\(Nairobi time\)/);
    const [[, submitted]] = await abstractsOf(email);
    expect(submitted).toMatchObject({ status: 'submitted', presenting: 0, track: 'prevention', keywords: 'cervical cancer, screening', consent: true });

    await page.getByRole('button', { name: 'Edit “Community outreach and cervical screening in Kisumu”' }).click();
    await page.getByRole('button', { name: 'Withdraw' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Withdraw the abstract' }).click();
    await expect(page.getByText('“Community outreach and cervical screening in Kisumu” is withdrawn.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your abstracts' }).getByRole('listitem')).toContainText('Withdrawn');
    expect((await abstractsOf(email))[0][1]).toMatchObject({ status: 'withdrawn' });
  } finally {
    await commitDocuments((await abstractsOf(email)).map(([id]) => ({ delete: `abstracts/${id}` })));
  }
});
