import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeState } from '../../../../tests/fake-db.ts';
import { renderStaffScreen } from '../../../../tests/render-staff.tsx';
import { DEFAULT_CPD_SETTINGS, dayLabel } from '../../../data/certificates.ts';
import { recordSearchTokens } from '../../../data/search-tokens.ts';
import type { BatchWrite } from '../../../lib/db.ts';
import { LONG } from '../../../../tests/lazy-wait.ts';

// Only the database is faked (and the PDF, H-public's module, whose bytes are tested there): the
// real decision, mail builder and bulk runner write into it.
const fake = vi.hoisted(() => ({
  state: null as unknown as ReturnType<typeof import('../../../../tests/fake-db.ts').createFakeState>,
  /** Registrations whose transaction fails as if others kept changing it. */
  contended: new Set<string>(),
  /** Transactions take a turn of the event loop, as a real round trip does (React renders meanwhile). */
  slow: false,
}));
vi.mock('../../../lib/data.ts', async () => {
  const { fakeDb: make } = await import('../../../../tests/fake-db.ts');
  const withContention = () => {
    const base = make(fake.state);
    return {
      ...base,
      transact: (async (paths: string[], decide: never) => {
        if (fake.slow) await new Promise((resolve) => setTimeout(resolve, 0));
        return fake.contended.has(paths[0]) ? Promise.reject(Object.assign(new Error('contended'), { code: 'aborted' })) : base.transact(paths, decide);
      }) as typeof base.transact,
    };
  };
  return {
    get db() {
      return withContention();
    },
    get publicReads() {
      return make(fake.state);
    },
  };
});
vi.mock('../../../data/certificate-pdf.ts', () => ({
  certificatePdf: async () => new TextEncoder().encode('%PDF-stand-in'),
  loadLogo: async () => null,
}));

const { default: CertificatesPage } = await import('./CertificatesPage.tsx');

const at = new Date('2027-03-10T07:00:00Z');
const BOTH = { '2027-03-10': at, '2027-03-11': at };
const CPD = {
  ...DEFAULT_CPD_SETTINGS,
  accreditingBody: 'KMPDC',
  providerNumber: 'KMPDC-0042',
  activityName: 'National Cancer Summit 2027',
  pointsPerDay: 2,
  signatoryName: 'Dr Amina Njoroge',
  minDays: 2,
};

function seed({ cpd = CPD as Record<string, unknown> | null } = {}) {
  fake.state.docs.set('settings/site', {
    siteUrl: 'https://summit.example.org',
    instituteName: 'National Cancer Institute',
    startDate: new Date('2027-03-10T06:00:00Z'),
    endDate: new Date('2027-03-11T15:00:00Z'),
  });
  if (cpd) fake.state.docs.set('settings/cpd', cpd);
}

const registration = (id: string, fullName: string, over: object = {}) =>
  fake.state.docs.set(`registrations/${id}`, { fullName, email: `${id}@example.org`, status: 'checked-in', attendance: BOTH, ...over });

beforeEach(() => {
  fake.state = createFakeState();
  fake.contended.clear();
  fake.slow = false;
});

const open = () => renderStaffScreen(CertificatesPage, { role: 'admin', email: 'admin@summit.test', path: '/admin/certificates' });
const table = () => screen.findByRole('table', { name: /Checked-in attendees/ }, LONG);
const rowOf = async (name: string) =>
  within(await table())
    .getByRole('link', { name })
    .closest('tr')!;
const writesTo = (writes: BatchWrite[]) => writes.map((w) => ('set' in w ? w.set : 'update' in w ? w.update : w.delete).replace(/\/.*/, ''));

describe('certificates › the eligibility preview', () => {
  it('says it is loading, then that no one is checked in yet', async () => {
    seed();
    open();
    expect(screen.getByRole('status')).toHaveTextContent('Loading CPD settings…');
    expect(await screen.findByText(/No one is checked in yet/, {}, LONG)).toBeInTheDocument();
    expect(screen.queryByText('Certificates cannot be issued yet.')).toBeNull();
  });

  it('shows per person the days attended, evaluations, eligibility or why not, and the certificate', async () => {
    seed();
    registration('r1', 'Achieng Otieno', { evaluatedDays: { '2027-03-10': at } });
    registration('r2', 'Baraka Mwangi', { attendance: { '2027-03-11': at } });
    registration('r3', 'Chebet Kiprop', { certificateId: 'cert-3' });
    fake.state.docs.set('certificates/cert-3', { id: 'cert-3', status: 'valid', points: 4, days: Object.keys(BOTH), fullName: 'Chebet Kiprop' });
    // Not checked in: not listed.
    registration('r4', 'Daudi Were', { status: 'confirmed' });
    open();
    const first = await rowOf('Achieng Otieno');
    expect(first).toHaveTextContent('2 of 2');
    expect(first).toHaveTextContent(`${dayLabel('2027-03-10')}, ${dayLabel('2027-03-11')}`);
    expect(first).toHaveTextContent('1 of 2 (not required)');
    expect(first).toHaveTextContent('Yes: 4 points');
    expect(within(first).getByRole('button', { name: 'Issue a certificate to Achieng Otieno' })).toBeEnabled();
    const second = await rowOf('Baraka Mwangi');
    expect(second).toHaveTextContent('Checked in on 1 of the 2 days needed.');
    expect(within(second).queryByRole('button')).toBeNull();
    const third = await rowOf('Chebet Kiprop');
    expect(third).toHaveTextContent('valid');
    expect(third).toHaveTextContent('cert-3');
    expect(within(third).getByRole('button', { name: 'Revoke the certificate of Chebet Kiprop' })).toBeInTheDocument();
    expect(within(third).getByRole('button', { name: 'Correct the certificate of Chebet Kiprop' })).toBeInTheDocument();
    expect(within(third).queryByRole('button', { name: /Issue/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Daudi Were' })).toBeNull();
  });

  it('says which attended days an eligible attendee earns nothing for, their evaluation missing from the registration', async () => {
    seed({ cpd: { ...CPD, minDays: 1, requireEvaluation: true, questions: [{ id: 'overall', label: 'Overall', kind: 'rating' }] } });
    // The days evaluated are the registration's evaluatedDays, as the rules count them: Achieng's
    // evaluation of the 11th was stored without its day on the registration (before it was
    // recorded there), so it counts for nothing, here as in the rules.
    registration('r1', 'Achieng Otieno', { evaluatedDays: { '2027-03-10': at } });
    fake.state.docs.set('evaluations/r1_2027-03-10', { registrationId: 'r1', day: '2027-03-10' });
    fake.state.docs.set('evaluations/r1_2027-03-11', { registrationId: 'r1', day: '2027-03-11' });
    registration('r2', 'Baraka Mwangi', { evaluatedDays: BOTH });
    open();
    const partly = await rowOf('Achieng Otieno');
    expect(partly).toHaveTextContent('Yes: 2 points');
    expect(partly).toHaveTextContent(`Not counted: ${dayLabel('2027-03-11')} (no evaluation)`);
    const fully = await rowOf('Baraka Mwangi');
    expect(fully).toHaveTextContent('Yes: 4 points');
    expect(fully).not.toHaveTextContent('Not counted');
  });

  it('finds an attendee by the beginning of a name, issues from the result, and clears back to the list', async () => {
    seed();
    for (const [id, name] of [
      ['r1', 'Wanjiru Kamau'],
      ['r2', 'Daniel Kiprono'],
      ['r3', 'Daniel Otieno'],
    ])
      registration(id, name, { searchTokens: recordSearchTokens({ id, fullName: name, email: `${id}@example.org` }) });
    open();
    const user = userEvent.setup();
    await table();
    await user.type(screen.getByRole('searchbox', { name: 'Find an attendee' }), 'kipr');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('1 found for “kipr”.', {}, LONG)).toHaveAttribute('role', 'status');
    const found = await screen.findByRole('table', { name: 'Checked-in attendees matching kipr' });
    expect(
      within(found)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Daniel Kiprono']);
    await user.click(within(found).getByRole('button', { name: 'Issue a certificate to Daniel Kiprono' }));
    await waitFor(() => expect(fake.state.docs.get('registrations/r2')?.certificateId).toEqual(expect.any(String)), LONG);
    // The result shows the certificate once issued (its query is read again).
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Checked-in attendees matching kipr' })).getByText('valid')).toBeTruthy(), LONG);
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(within(await table()).getAllByRole('link')).toHaveLength(3);
  });

  it('says when no checked-in attendee matches', async () => {
    seed();
    registration('r1', 'Wanjiru Kamau', { searchTokens: recordSearchTokens({ id: 'r1', fullName: 'Wanjiru Kamau', email: 'r1@example.org' }) });
    open();
    const user = userEvent.setup();
    await table();
    await user.type(screen.getByRole('searchbox', { name: 'Find an attendee' }), 'otieno');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(/No checked-in attendee matches “otieno”/, {}, LONG)).toBeTruthy();
  });

  it('says what the settings lack, links to them, and issues nothing meanwhile', async () => {
    seed({ cpd: { ...CPD, providerNumber: '', signatoryName: '' } });
    registration('r1', 'Achieng Otieno');
    open();
    const notice = await screen.findByRole('note', {}, LONG);
    expect(notice).toHaveTextContent('Certificates cannot be issued yet.');
    expect(notice).toHaveTextContent("Missing: the provider number; the signatory's name.");
    expect(within(notice).getByRole('link', { name: 'Complete the CPD settings' })).toHaveAttribute('href', '/admin/certificates/settings');
    expect(within(await rowOf('Achieng Otieno')).getByRole('button', { name: /Issue a certificate/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Issue all eligible' })).toBeDisabled();
  });

  it('counts a summit without dates as incomplete settings', async () => {
    seed({ cpd: null });
    fake.state.docs.set('settings/site', { siteUrl: '', startDate: null, endDate: null });
    open();
    expect(await screen.findByRole('note', {}, LONG)).toHaveTextContent("the summit's dates (in Settings)");
  });

  it('says when the settings cannot be read, and reads them again on request', async () => {
    seed();
    fake.state.docs.set('settings/cpd', {
      get accreditingBody(): string {
        throw new Error('offline');
      },
    });
    open();
    expect(await screen.findByText(/We could not load the CPD settings/, {}, LONG)).toBeInTheDocument();
    fake.state.docs.set('settings/cpd', CPD);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No one is checked in yet/, {}, LONG)).toBeInTheDocument();
  });
});

describe('certificates › issuing, revoking, correcting', () => {
  it('issues one: the certificate, its projection, the registration, the mail with the PDF and the log entry in one commit', async () => {
    seed();
    registration('r1', 'Achieng Otieno');
    open();
    await userEvent.click(within(await rowOf('Achieng Otieno')).getByRole('button', { name: /Issue a certificate/ }));
    const said = await screen.findByText(/Issued certificate .+ to Achieng Otieno/, {}, LONG);
    await waitFor(() => expect(said.closest('[tabindex="-1"]')).toHaveFocus());
    expect(fake.state.commits).toHaveLength(1);
    const [commit] = fake.state.commits;
    expect(writesTo(commit)).toEqual(['certificates', 'certificateChecks', 'registrations', 'mail', 'logs']);
    const id = (commit[0] as { set: string }).set.split('/')[1];
    expect(fake.state.docs.get(`registrations/r1`)).toMatchObject({ certificateId: id });
    expect(fake.state.docs.get(`certificates/${id}`)).toMatchObject({
      status: 'valid',
      points: 4,
      issuedBy: 'admin@summit.test',
      instituteName: 'National Cancer Institute',
    });
    const mail = (commit[3] as { data: Record<string, unknown> }).data;
    expect(mail).toMatchObject({
      to: 'r1@example.org',
      template: { name: 'certificate-issued', data: { name: 'Achieng Otieno', certificateId: id, points: 4 } },
      recordCollection: 'certificates',
      recordId: id,
      message: { attachments: [{ filename: `certificate-${id}.pdf`, encoding: 'base64', contentType: 'application/pdf' }] },
    });
    expect(atob((mail.message as { attachments: Array<{ content: string }> }).attachments[0].content)).toBe('%PDF-stand-in');
    expect(fake.state.docs.get((commit[4] as { set: string }).set)).toMatchObject({
      userEmail: 'admin@summit.test',
      message: expect.stringContaining('Issued CPD certificate'),
    });
    // The row now shows it, and offers no second issue.
    await waitFor(async () => expect(within(await rowOf('Achieng Otieno')).queryByRole('button', { name: /Issue a certificate/ })).toBeNull());
  });

  it('issues all eligible, skips who already holds one, lists each failure with its reason', async () => {
    seed();
    registration('r1', 'Achieng Otieno');
    registration('r2', 'Baraka Mwangi');
    registration('r3', 'Chebet Kiprop', { certificateId: 'cert-3' });
    registration('r4', 'Daudi Were', { attendance: {} });
    fake.state.docs.set('certificates/cert-3', { id: 'cert-3', status: 'valid', points: 4, days: [], fullName: 'Chebet Kiprop' });
    fake.contended.add('registrations/r2');
    open();
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Issue all eligible' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Issue all eligible' }));
    await waitFor(() => expect(screen.getByTestId('issue-all-progress')).toHaveTextContent(/^Finished/), LONG);
    expect(screen.getByTestId('issue-all-progress')).toHaveTextContent('Finished: Checked 4 of 4, issued 1, already issued 1, not eligible 1, failed 1.');
    expect(screen.getByTestId('issue-all-announcement')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByTestId('issue-all-announcement')).toHaveTextContent('Finished: Checked 4 of 4, issued 1, already issued 1, not eligible 1, failed 1.');
    const failures = screen.getByRole('list', { name: 'Certificates not issued' });
    expect(within(failures).getAllByRole('listitem')).toHaveLength(1);
    expect(failures).toHaveTextContent('Baraka Mwangi: Someone changed this registration or its certificate at the same moment: try again.');
    expect(fake.state.commits.map(writesTo)).toEqual([['certificates', 'certificateChecks', 'registrations', 'mail', 'logs']]);
    expect(fake.state.docs.get('registrations/r1')).toHaveProperty('certificateId');
    // The table is read again once the run ends.
    await waitFor(async () => expect(within(await rowOf('Achieng Otieno')).queryByRole('button', { name: /Issue a certificate/ })).toBeNull(), LONG);
    expect(await rowOf('Achieng Otieno')).toHaveTextContent('valid');
    // Run again: nothing is issued twice.
    fake.contended.clear();
    await userEvent.click(screen.getByRole('button', { name: 'Issue all eligible' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Issue all eligible' }));
    await waitFor(() => expect(screen.getByTestId('issue-all-progress')).toHaveTextContent('issued 1, already issued 2'), LONG);
    expect(fake.state.commits).toHaveLength(2);
    expect((fake.state.commits[1][2] as { update: string }).update).toBe('registrations/r2');
  });

  it('shows the run’s progress at every registration but announces it only every 25 and at the end', async () => {
    seed();
    // Eligible, so each one waits on its own transaction, a round trip during which React renders.
    fake.slow = true;
    for (let i = 0; i < 60; i++) registration(`r${String(i).padStart(2, '0')}`, `Attendee ${String(i).padStart(2, '0')}`);
    open();
    await table();
    const shown: string[] = [];
    const heard: string[] = [];
    const record = (into: string[], testId: string) => () => {
      const text = screen.queryByTestId(testId)?.textContent ?? '';
      if (text && text !== into.at(-1)) into.push(text);
    };
    const watch = new MutationObserver(() => {
      record(shown, 'issue-all-progress')();
      record(heard, 'issue-all-announcement')();
    });
    watch.observe(document.body, { subtree: true, childList: true, characterData: true });
    await userEvent.click(screen.getByRole('button', { name: 'Issue all eligible' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Issue all eligible' }));
    await waitFor(() => expect(screen.getByTestId('issue-all-announcement')).toHaveTextContent(/^Finished/), { timeout: 20_000 });
    watch.disconnect();
    expect(heard.map((t) => t.match(/Checked (\d+)/)![1])).toEqual(['0', '25', '50', '60']);
    expect(heard.at(-1)).toBe('Finished: Checked 60 of 60, issued 60, already issued 0, not eligible 0.');
    // The visible line, not a live region, moves on at each registration (React may batch a few).
    expect(shown.length).toBeGreaterThan(heard.length);
    expect(screen.getByTestId('issue-all-progress')).not.toHaveAttribute('aria-live');
    expect(screen.getByTestId('issue-all-progress').closest('[aria-live]')).toBeNull();
  }, 30_000);

  it('revokes only with a reason, logged, in the certificate and its projection', async () => {
    seed();
    registration('r3', 'Chebet Kiprop', { certificateId: 'cert-3' });
    fake.state.docs.set('certificates/cert-3', { id: 'cert-3', status: 'valid', points: 4, days: [], fullName: 'Chebet Kiprop' });
    fake.state.docs.set('certificateChecks/cert-3', { id: 'cert-3', status: 'valid', revokedAt: null, replacedBy: '' });
    open();
    await userEvent.click(within(await rowOf('Chebet Kiprop')).getByRole('button', { name: 'Revoke the certificate of Chebet Kiprop' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke certificate cert-3 of Chebet Kiprop?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke certificate' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter reason.');
    expect(fake.state.commits).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Left after the opening session');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke certificate' }));
    expect(await screen.findByText('Revoked certificate cert-3 of Chebet Kiprop.', {}, LONG)).toBeInTheDocument();
    expect(writesTo(fake.state.commits[0])).toEqual(['certificates', 'certificateChecks', 'logs']);
    expect(fake.state.docs.get('certificates/cert-3')).toMatchObject({ status: 'revoked', revokeReason: 'Left after the opening session' });
    expect(fake.state.docs.get('certificateChecks/cert-3')).toMatchObject({ status: 'revoked', revokedAt: expect.any(Date) });
  });

  it('corrects: revokes the old one and issues the new one from the registration as it is now, in one commit', async () => {
    seed();
    registration('r3', 'Chebet Kiprop', { certificateId: 'cert-3' });
    fake.state.docs.set('certificates/cert-3', { id: 'cert-3', status: 'valid', points: 4, days: [], fullName: 'Chebet Kiprpo' });
    fake.state.docs.set('certificateChecks/cert-3', { id: 'cert-3', status: 'valid', revokedAt: null, replacedBy: '' });
    open();
    expect(await rowOf('Chebet Kiprop')).toHaveTextContent('Certificate name differs: it prints “Chebet Kiprpo”, the registration says “Chebet Kiprop”.');
    await userEvent.click(within(await rowOf('Chebet Kiprop')).getByRole('button', { name: 'Correct the certificate of Chebet Kiprop' }));
    const dialog = screen.getByRole('alertdialog');
    await userEvent.type(within(dialog).getByLabelText('What is being corrected'), 'Name misspelt');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke and reissue' }));
    expect(await screen.findByText(/Corrected: issued certificate .+ to Chebet Kiprop/, {}, LONG)).toBeInTheDocument();
    const [commit] = fake.state.commits;
    expect(writesTo(commit)).toEqual(['certificates', 'certificateChecks', 'registrations', 'certificates', 'certificateChecks', 'mail', 'logs']);
    const id = (commit[0] as { set: string }).set.split('/')[1];
    expect(fake.state.docs.get(`certificates/${id}`)).toMatchObject({ fullName: 'Chebet Kiprop', replaces: 'cert-3' });
    expect(fake.state.docs.get('certificates/cert-3')).toMatchObject({ status: 'revoked', revokeReason: 'Name misspelt', replacedBy: id });
  });

  it('says why an issue failed and keeps the row issuable', async () => {
    seed();
    registration('r1', 'Achieng Otieno');
    fake.contended.add('registrations/r1');
    open();
    await userEvent.click(within(await rowOf('Achieng Otieno')).getByRole('button', { name: /Issue a certificate/ }));
    expect(await screen.findByText(/Achieng Otieno: not issued\. Someone changed this registration/, {}, LONG)).toBeInTheDocument();
    expect(fake.state.commits).toHaveLength(0);
    expect(within(await rowOf('Achieng Otieno')).getByRole('button', { name: /Issue a certificate/ })).toBeEnabled();
  });
});

describe('certificates › the accrediting body’s CSV', () => {
  it('exports every certificate in the settings’ column order, logged', async () => {
    seed({ cpd: { ...CPD, exportColumns: ['points', 'fullName', 'verifyUrl', 'status'] } });
    fake.state.docs.set('certificates/c1', { id: 'c1', fullName: '=cmd()', points: 4, days: [], status: 'valid', issuedAt: new Date('2027-03-12T10:00:00Z') });
    fake.state.docs.set('certificates/c2', {
      id: 'c2',
      fullName: 'Baraka',
      points: 2,
      days: [],
      status: 'revoked',
      issuedAt: new Date('2027-03-11T10:00:00Z'),
    });
    const blobs: Blob[] = [];
    const { createObjectURL } = URL;
    URL.createObjectURL = vi.fn((blob: Blob) => (blobs.push(blob), 'blob:certificates'));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      open();
      await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }, LONG));
      expect(await screen.findByText("Exported 2 certificates, in the settings' column order.", {}, LONG)).toBeInTheDocument();
      // Oldest first; a name typed as a formula opens as text.
      expect(await blobs[0].text()).toBe(
        'CPD points,Full name,Verification address,Status\r\n' +
          '2,Baraka,https://summit.example.org/certificates/c2,revoked\r\n' +
          "4,'=cmd(),https://summit.example.org/certificates/c1,valid\r\n",
      );
      expect(fake.state.docs.size).toBeGreaterThan(0);
      expect([...fake.state.docs.values()].some((d) => d.message === 'Exported 2 CPD certificates to CSV')).toBe(true);
    } finally {
      URL.createObjectURL = createObjectURL;
      click.mockRestore();
    }
  });
});
