import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderStaffScreen } from '../../../../tests/render-staff.tsx';
import { SAMPLE_BANK_FORMAT } from '../../../../emulator/seed/sample-forms.ts';
import { bankFormatFormSchema, statementFormatDocument } from '../../../data/statement-formats.ts';
import { type BankFormat } from '../../../data/statement-layouts.ts';

// The stored layouts, and every commit the screen makes (its writes with their log line).
const fake = vi.hoisted(() => ({
  formats: new Map<string, { name?: unknown }>(),
  commits: [] as unknown[][],
  failReads: false,
}));

vi.mock('../../../lib/data.ts', () => {
  type Write = { set?: string; delete?: string; data?: Record<string, unknown> };
  const apply = (writes: Write[]) => {
    fake.commits.push(writes);
    for (const w of writes) {
      const [collection, id] = (w.set ?? w.delete ?? '').split('/');
      if (collection !== 'statementFormats') continue;
      if (w.set) fake.formats.set(id, w.data!);
      else fake.formats.delete(id);
    }
  };
  return {
    db: {
      fetchDocuments: async (collection: string) => {
        if (fake.failReads) throw new Error('offline');
        expect(collection).toBe('statementFormats');
        return [...fake.formats.values()].sort((a, b) => String(a.name).localeCompare(String(b.name)));
      },
      activityWrite: (message: string, userEmail: string) => ({ log: message, userEmail }),
      commit: async (writes: Write[]) => apply(writes),
      transact: async (paths: string[], decide: (docs: unknown[]) => Promise<{ writes: Write[] }>) => {
        const docs = paths.map((p) => fake.formats.get(p.split('/')[1]) ?? null);
        const { writes } = await decide(docs);
        apply(writes);
      },
    },
  };
});

const { default: StatementFormatsPage } = await import('./StatementFormatsPage.tsx');

/** The demo's layout, as the form saves it. */
const KCB: BankFormat = statementFormatDocument('kcb-current-account', bankFormatFormSchema.parse(SAMPLE_BANK_FORMAT));

beforeEach(() => {
  fake.formats.clear();
  fake.commits.length = 0;
  fake.failReads = false;
});

const show = () => renderStaffScreen(StatementFormatsPage, { role: 'finance', email: 'finance@summit.test' });

/** Fills the add or edit form; each field typed afresh. */
async function fill(values: Partial<Record<string, string>>) {
  for (const [label, value] of Object.entries(values)) {
    const field = screen.getByLabelText(label);
    await userEvent.clear(field);
    if (value) await userEvent.type(field, value);
  }
}

/** The error a field's aria-describedby points to (its hint aside). */
const errorOf = (label: string) => {
  const ids = screen.getByLabelText(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  const id = ids.find((i) => i.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('settings › statement formats', () => {
  it('says so when there is none yet, while loading first', async () => {
    show();
    expect(screen.getByRole('status')).toHaveTextContent('Loading statement formats…');
    expect(await screen.findByText('No bank formats yet. Add one for each bank account whose statements you import.')).toBeInTheDocument();
  });

  it('offers to try again when the formats cannot be read', async () => {
    fake.failReads = true;
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the statement formats.');
    fake.failReads = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No bank formats yet/)).toBeInTheDocument();
  });

  it('adds a format under its name as a slug, with its log line in the same commit, and lists it', async () => {
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a bank format' }));
    await fill({
      Name: 'KCB current account',
      'Receipt column': 'Transaction Reference',
      'Date column': 'Value Date',
      'Amount column': 'Credit',
      'Details columns': 'Narrative, Customer Reference',
      Currency: 'kes',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save format' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved “KCB current account”.');
    expect(fake.commits).toEqual([
      [
        { set: 'statementFormats/kcb-current-account', data: KCB },
        { log: 'Added the statement format “KCB current account”', userEmail: 'finance@summit.test' },
      ],
    ]);
    const table = await screen.findByRole('table', { name: 'Bank statement formats by name' });
    const row = within(table).getByRole('row', { name: /KCB current account/ });
    expect(row).toHaveTextContent('Narrative, Customer Reference');
    expect(screen.queryByRole('button', { name: 'Save format' })).not.toBeInTheDocument();
  });

  it('shows each problem under its own field and saves nothing', async () => {
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a bank format' }));
    await fill({
      'Receipt column': 'Reference',
      'Date column': 'reference',
      'Amount column': 'Credit',
      'Details columns': 'A, B, C, D, E, F',
      Currency: 'KE',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save format' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(errorOf('Name')).toBe('Enter a name for the layout, e.g. KCB current account.');
    expect(errorOf('Date column')).toBe('The date column must be another column than the receipt column.');
    expect(errorOf('Details columns')).toBe('Name at most 5 details columns.');
    expect(errorOf('Currency')).toBe('Enter the account’s currency as its three-letter code, e.g. KES or USD.');
    expect(screen.getByLabelText('Receipt column')).not.toHaveAttribute('aria-invalid');
    expect(fake.commits).toEqual([]);
  });

  it('refuses to add a second format under a name already saved', async () => {
    fake.formats.set(KCB.id, KCB);
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a bank format' }));
    await fill({ Name: 'KCB  Current Account', 'Receipt column': 'Ref', 'Date column': 'Date', 'Amount column': 'In', 'Details columns': 'Narrative' });
    await userEvent.click(screen.getByRole('button', { name: 'Save format' }));
    await waitFor(() => expect(errorOf('Name')).toMatch(/A format with this name exists already/));
    expect(fake.commits).toEqual([]);
    expect(fake.formats.get(KCB.id)).toEqual(KCB);
  });

  it('edits a format in place, keeping its id when renamed', async () => {
    fake.formats.set(KCB.id, KCB);
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit KCB current account' }));
    expect(screen.getByRole('heading', { name: 'Edit “KCB current account”' })).toBeInTheDocument();
    expect(screen.getByLabelText('Details columns')).toHaveValue('Narrative, Customer Reference');
    await fill({ Name: 'KCB collections', 'Payer column (optional)': 'Remitter', 'Details columns': 'Narrative' });
    await userEvent.click(screen.getByRole('button', { name: 'Save format' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved “KCB collections”.');
    const saved = { ...KCB, name: 'KCB collections', payerColumn: 'Remitter', detailsColumns: ['Narrative'] };
    expect(fake.commits).toEqual([
      [
        { set: 'statementFormats/kcb-current-account', data: saved },
        { log: 'Updated the statement format “KCB collections”', userEmail: 'finance@summit.test' },
      ],
    ]);
    expect(await screen.findByRole('row', { name: /KCB collections/ })).toHaveTextContent('Remitter');
  });

  it('cancels an edit without saving', async () => {
    fake.formats.set(KCB.id, KCB);
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit KCB current account' }));
    await fill({ Name: 'Something else' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
    expect(fake.commits).toEqual([]);
  });

  it('deletes a format only once confirmed, with its log line', async () => {
    fake.formats.set(KCB.id, KCB);
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete KCB current account' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Delete the format “KCB current account”?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fake.commits).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete KCB current account' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete format' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Deleted “KCB current account”.');
    expect(fake.commits).toEqual([
      [{ delete: 'statementFormats/kcb-current-account' }, { log: 'Deleted the statement format “KCB current account”', userEmail: 'finance@summit.test' }],
    ]);
    expect(await screen.findByText(/No bank formats yet/)).toBeInTheDocument();
  });
});
