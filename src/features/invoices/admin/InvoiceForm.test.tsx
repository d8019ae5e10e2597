import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { blankInvoice, InvoiceForm } from './InvoiceForm.tsx';
import type { BillingRecord } from './api.ts';

const partner: BillingRecord = {
  reference: 'demo-partner-2',
  name: 'Partnerships Office',
  organisation: 'East Africa Health Foundation',
  email: 'partner2@example.org',
  kraPin: 'P052987654K',
  description: 'Gold partnership',
  fee: 1500000,
  currency: 'KES',
};

function setup(lookup = vi.fn(async (ref: string) => (ref === partner.reference ? partner : null))) {
  const onIssue = vi.fn(async () => undefined);
  render(
    <InvoiceForm
      initial={blankInvoice('KES', new Date('2027-01-01T09:00:00Z'))}
      lookup={lookup}
      onIssue={onIssue}
      busy={false}
      submitLabel="Issue invoice"
      summitName="National Cancer Summit 2027"
    />,
  );
  return { user: userEvent.setup(), onIssue, lookup };
}

const item = (n: number) => within(screen.getByRole('group', { name: `Item ${n}` }));

describe('invoice form', () => {
  it('names each missing field, marks it invalid, focuses the first and issues nothing', async () => {
    const { user, onIssue } = setup();
    await user.click(screen.getByRole('button', { name: 'Issue invoice' }));
    expect(await screen.findByText('Enter who the invoice is for.')).toBeInTheDocument();
    expect(screen.getByText('Describe the item.')).toBeInTheDocument();
    expect(screen.getByText('Enter the unit price.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(onIssue).not.toHaveBeenCalled();
  });

  it('refuses more than two decimals, a bad email and a zero total', async () => {
    const { user, onIssue } = setup();
    await user.type(screen.getByLabelText('Name'), 'Amina Otieno');
    await user.type(screen.getByLabelText('Billing email'), 'not-an-email');
    await user.type(item(1).getByLabelText('Description'), 'Booth');
    await user.type(item(1).getByLabelText('Unit price'), '10.005');
    await user.click(screen.getByRole('button', { name: 'Issue invoice' }));
    expect(await screen.findByText('Use at most two decimals in the unit price.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address, like name@example.org.')).toBeInTheDocument();
    await user.clear(item(1).getByLabelText('Unit price'));
    await user.type(item(1).getByLabelText('Unit price'), '0');
    await user.clear(screen.getByLabelText('Billing email'));
    await user.click(screen.getByRole('button', { name: 'Issue invoice' }));
    expect(await screen.findByText('The invoice total must be more than zero.')).toBeInTheDocument();
    expect(onIssue).not.toHaveBeenCalled();
  });

  it('adds and removes item rows and totals them with tax as staff type', async () => {
    const { user, onIssue } = setup();
    await user.type(screen.getByLabelText('Name'), 'Amina Otieno');
    await user.type(item(1).getByLabelText('Description'), 'Standard booth');
    await user.clear(item(1).getByLabelText('Quantity'));
    await user.type(item(1).getByLabelText('Quantity'), '2');
    await user.type(item(1).getByLabelText('Unit price'), '300');
    expect(screen.getByRole('button', { name: 'Remove item 1' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    await user.type(item(2).getByLabelText('Description'), 'Extra power');
    await user.type(item(2).getByLabelText('Unit price'), '400');
    await user.clear(screen.getByLabelText('Tax rate (%)'));
    await user.type(screen.getByLabelText('Tax rate (%)'), '16');
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('KES 1,160.00');
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    await user.click(screen.getByRole('button', { name: 'Remove item 3' }));
    await user.click(screen.getByRole('button', { name: 'Issue invoice' }));
    expect(onIssue).toHaveBeenCalledTimes(1);
    expect(onIssue.mock.calls[0]).toEqual([
      expect.objectContaining({
        billTo: { name: 'Amina Otieno', organisation: '', address: '', email: '', kraPin: '' },
        items: [
          { description: 'Standard booth', quantity: 2, unitPrice: 300 },
          { description: 'Extra power', quantity: 1, unitPrice: 400 },
        ],
        currency: 'KES',
        taxRate: 16,
        dueDate: '2027-01-31',
      }),
    ]);
    // Issued: the form starts again blank.
    expect(await screen.findByLabelText('Name')).toHaveValue('');
  });

  it('fills the bill-to and a line from a partner application reference, and says when none matches', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText(/reference/), 'no-such-ref');
    await user.click(screen.getByRole('button', { name: 'Fill from reference' }));
    expect(await screen.findByText('No application, booth booking or registration has the reference no-such-ref.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/reference/));
    await user.type(screen.getByLabelText(/reference/), 'demo-partner-2');
    await user.click(screen.getByRole('button', { name: 'Fill from reference' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Filled in from Gold partnership for East Africa Health Foundation');
    expect(screen.getByLabelText('Name')).toHaveValue('Partnerships Office');
    expect(screen.getByLabelText('Organisation')).toHaveValue('East Africa Health Foundation');
    expect(screen.getByLabelText("Buyer's KRA PIN (optional)")).toHaveValue('P052987654K');
    expect(item(1).getByLabelText('Description')).toHaveValue('Gold partnership — National Cancer Summit 2027');
    // The total follows the filled line once the form has re-rendered with it.
    await waitFor(() => expect(screen.getByTestId('invoice-total')).toHaveTextContent('KES 1,500,000.00'));
  });

  it('keeps the record’s payment code as the reference to quote, whatever was typed to find it', async () => {
    const coded = { ...partner, reference: 'NCS-P4TXM' };
    const { user } = setup(vi.fn(async (ref: string) => (ref.toLowerCase() === 'demo-partner-2' ? coded : null)));
    await user.type(screen.getByLabelText(/reference/), 'Demo-Partner-2');
    await user.click(screen.getByRole('button', { name: 'Fill from reference' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Filled in from Gold partnership');
    expect(screen.getByLabelText(/reference/)).toHaveValue('NCS-P4TXM');
  });

  it('the buyer’s KRA PIN: says what it looks like, refuses another shape beside the field, issues it normalised', async () => {
    const { user, onIssue } = setup();
    const pin = screen.getByLabelText("Buyer's KRA PIN (optional)");
    expect(pin).toHaveAccessibleDescription(/A or P, nine digits and a letter, like P051234567X/);
    await user.type(screen.getByLabelText('Name'), 'Amina Otieno');
    await user.type(item(1).getByLabelText('Description'), 'Booth');
    await user.type(item(1).getByLabelText('Unit price'), '100');
    for (const bad of ['P05123456789X', 'P051234567\u0425', 'KRA P051234567X']) {
      await user.clear(pin);
      await user.type(pin, bad);
      await user.click(screen.getByRole('button', { name: 'Issue invoice' }));
      expect(await screen.findByText('Enter the KRA PIN as A or P, nine digits and a letter, like P051234567X, or leave it empty.')).toBeInTheDocument();
      expect(pin).toHaveAttribute('aria-invalid', 'true');
    }
    expect(onIssue).not.toHaveBeenCalled();
    await user.clear(pin);
    await user.type(pin, 'a 123 456 789 b');
    await user.click(screen.getByRole('button', { name: 'Issue invoice' }));
    await waitFor(() => expect(onIssue).toHaveBeenCalledTimes(1));
    expect(onIssue.mock.calls[0]).toEqual([expect.objectContaining({ billTo: expect.objectContaining({ kraPin: 'A123456789B' }) })]);
  });
});
