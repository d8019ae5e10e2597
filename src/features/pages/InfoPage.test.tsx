import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../content/site.ts';
import { siteSettingsKey } from '../../data/site-settings.ts';
import type { SiteSettings } from '../../data/site-settings-schema.ts';
import InfoPage from './InfoPage.tsx';

const settings: SiteSettings = {
  ...DEFAULT_SETTINGS,
  venue: 'KICC, Nairobi',
  contactEmails: ['info@summit.example.org', 'registration@summit.example.org'],
  partnerTiers: {
    gold: { label: 'Gold', fee: 1, benefits: ['Panel seat', 'Standard booth'] },
    silver: { label: 'Silver', fee: 1, benefits: ['Premium Booth space'] },
    bronze: { label: 'Bronze', fee: 1, benefits: ['2 delegate passes'] },
  },
  policies: {
    services: 'Screening\nFree screening in every county.\n\nPalliative care\nPain relief at home.',
    refunds: 'Refunds until 1 March.\n\nAfter that, transfers only.',
    accessibility: 'Step-free access and [sign language](/contact) on request.',
  },
};

function open(id: string, with_ = settings) {
  const client = new QueryClient();
  client.setQueryData(siteSettingsKey, with_);
  const Stub = createRoutesStub([{ path: '/page', id, Component: InfoPage }]);
  render(
    <QueryClientProvider client={client}>
      <Stub initialEntries={['/page']} />
    </QueryClientProvider>,
  );
}

const answer = (q: string) => screen.getByText(q).closest('details')!;

describe('pages whose truth lives in settings', () => {
  it('FAQ: the booth answer names exactly the tiers whose benefits include a booth', () => {
    open('faq');
    expect(answer('Can my organisation exhibit?')).toHaveTextContent('The Gold and Silver partnership tiers include a booth; other tiers do not.');
    expect(within(answer('Can my organisation exhibit?')).getByRole('link', { name: 'Partnerships' })).toHaveAttribute('href', '/partnerships');
  });

  it('FAQ: no tier with a booth, or one, reads correctly', () => {
    open('faq', { ...settings, partnerTiers: { bronze: { label: 'Bronze', fee: 1, benefits: [] } } });
    expect(answer('Can my organisation exhibit?')).toHaveTextContent('No partnership tier includes a booth at present.');
  });

  it('FAQ: says there is no livestream and what an online registrant gets; refunds and accessibility as staff wrote them', () => {
    open('faq');
    expect(answer('Can I attend online?')).toHaveTextContent('held in person at KICC, Nairobi, and there is no livestream');
    const refunds = answer('What is the refund policy?');
    expect(refunds.querySelectorAll('p')).toHaveLength(2);
    expect(refunds).toHaveTextContent('Refunds until 1 March.After that, transfers only.');
    expect(within(answer('Is the venue accessible?')).getByRole('link', { name: 'sign language' })).toHaveAttribute('href', '/contact');
    expect(within(answer('How do I pay for my registration?')).getByRole('link', { name: 'Pay or view my ticket' })).toHaveAttribute('href', '/checkout');
  });

  it('services: one section per block, headed by its first line', () => {
    open('services');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Screening', 'Palliative care']);
    expect(screen.getByText('Pain relief at home.')).toBeInTheDocument();
  });

  it('terms: the refund policy from settings and a link to the privacy policy', () => {
    open('terms');
    expect(screen.getByRole('heading', { name: 'Payment and refunds' }).parentElement).toHaveTextContent('Refunds until 1 March.');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  });

  it('privacy: rights under the Data Protection Act, how long, and the registration mailbox to write to', () => {
    open('privacy');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Privacy Policy');
    for (const heading of ['What we keep', 'Why', 'Who sees it', 'How long we keep it', 'Your rights', 'Contact'])
      expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByText(/Data Protection Act, 2019 you may ask to see the data/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'registration@summit.example.org' })).toHaveAttribute('href', 'mailto:registration@summit.example.org');
    expect(screen.getByRole('link', { name: 'Office of the Data Protection Commissioner' })).toHaveAttribute('href', 'https://www.odpc.go.ke');
  });

  it('privacy: the response time is the one Settings commits to (the default without one), and the rights lead to my registration', () => {
    open('privacy', { ...settings, dataRequestDays: 7 });
    const rights = screen.getByRole('heading', { name: 'Your rights' }).parentElement!;
    expect(rights).toHaveTextContent('We answer every request within 7 days.');
    expect(within(rights).getByRole('link', { name: 'my registration' })).toHaveAttribute('href', '/my-registration');
    expect(screen.getByRole('heading', { name: 'Who sees it' }).parentElement).toHaveTextContent(
      'with any accessibility or dietary needs, is seen only by the organisers and the registration desk',
    );
  });

  it('privacy: how long data is kept is the months Settings keeps it (24 without), and what an anonymised record keeps', () => {
    open('privacy', { ...settings, retentionMonths: 6 });
    const kept = screen.getByRole('heading', { name: 'How long we keep it' }).parentElement!;
    expect(kept).toHaveTextContent('Registrations, waiting-list entries, messages, pledges and the emails about them: 6 months after the summit ends.');
    expect(kept).toHaveTextContent('a CPD certificate keeps only the name it prints');
    cleanup();
    open('privacy', { ...settings, retentionMonths: undefined });
    expect(screen.getByText(/: 24 months after the summit ends\./)).toBeInTheDocument();
  });

  it('privacy: without a response time in Settings, the default', () => {
    open('privacy', { ...settings, dataRequestDays: undefined });
    expect(screen.getByText(/We answer every request within 14 days\./)).toBeInTheDocument();
  });

  it('privacy: without a mailbox in settings, points to the contact page', () => {
    open('privacy', { ...settings, contactEmails: [] });
    expect(screen.getByRole('link', { name: 'contact page' })).toHaveAttribute('href', '/contact');
  });
});
