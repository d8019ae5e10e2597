import { render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SiteSettings } from '../../../data/site-settings-schema.ts';
import { GoLiveCard } from './GoLiveCard.tsx';

const LIVE: Partial<SiteSettings> = {
  siteUrl: 'https://summit.nci.go.ke',
  contactPhone: '+254 20 271 7077',
  contactEmails: ['info@nci.go.ke'],
  instituteAddress: 'P.O. Box 30016-00100, Nairobi',
  instituteKraPin: 'P051234567X',
  payment: {
    mobileMoneyPaybill: '522533',
    bankName: 'Kenya Commercial Bank',
    bankAccountName: 'National Cancer Institute of Kenya',
    bankAccountNumber: '1234567890',
  },
};

function renderCard(settings: Partial<SiteSettings>) {
  const Stub = createRoutesStub([{ path: '/admin', Component: () => <GoLiveCard settings={settings} /> }]);
  render(<Stub initialEntries={['/admin']} />);
  return screen.getByRole('region', { name: 'Before going live' });
}

describe('GoLiveCard', () => {
  it('lists each demo or missing setting with a link to Settings, and says which keep registration closed', () => {
    const card = renderCard({
      ...LIVE,
      siteUrl: 'http://localhost:5173',
      contactEmails: ['info@summit.example.org'],
      payment: { ...LIVE.payment, mobileMoneyPaybill: '000000' },
    });
    const items = within(card).getAllByRole('listitem');
    expect(items.map((li) => li.firstChild?.textContent)).toEqual(['M-Pesa Paybill number', 'Contact mailboxes', 'Public site address (https)']);
    expect(items[0]).toHaveTextContent('(keeps registration closed)');
    expect(items[1]).not.toHaveTextContent('keeps registration closed');
    const link = within(items[0]).getByRole('link', { name: 'Fill in “Paybill number” in Settings' });
    expect(link).toHaveAttribute('href', '/admin/settings');
    expect(within(items[2]).getByRole('link', { name: 'Fill in “Public site address” in Settings' })).toHaveAttribute('href', '/admin/settings');
    expect(card).toHaveTextContent('3 settings are still a demo value or missing. Registration cannot be opened until the payment details are real');
  });

  it('says so more urgently when registration is already open on placeholder payment details (the demo is)', () => {
    const card = renderCard({ ...LIVE, registrationOpen: true, payment: { ...LIVE.payment, bankAccountNumber: '0000000000' } });
    expect(card).toHaveTextContent('Registration is open, so payers are being told to pay into the payment details marked below: replace them now.');
    expect(within(card).getAllByRole('listitem')[0]).toHaveTextContent('Bank account number(payers are told to use it)');
  });

  it('does not mention registration when only contacts are missing', () => {
    const card = renderCard({ ...LIVE, contactPhone: '' });
    expect(card).toHaveTextContent('One setting is still a demo value or missing.');
    expect(card).not.toHaveTextContent('Registration cannot be opened');
  });

  it('says nothing is left when every setting is real', () => {
    const card = renderCard(LIVE);
    expect(within(card).queryByRole('list')).not.toBeInTheDocument();
    expect(card).toHaveTextContent('Nothing left: no setting is a demo value or missing.');
  });
});
