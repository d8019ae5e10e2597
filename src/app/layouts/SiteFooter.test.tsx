import { render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteFooter } from './SiteFooter.tsx';

const settings = {
  summitName: 'Summit',
  contactPhone: '+254 20 123 4567',
  contactEmails: ['info@summit.example.org', 'registration@summit.example.org'],
  social: {
    tiktok: 'https://t.example',
    instagram: 'https://i.example',
    twitter: 'https://x.example',
    facebook: 'https://f.example',
    youtube: 'https://y.example',
  },
  instituteName: 'National Cancer Institute',
  instituteUrl: 'https://institute.example',
  ministryUrl: 'https://ministry.example',
};

describe('site footer', () => {
  it('shows phone, both mailboxes, the five social links, the external sites, copyright and Privacy Policy', () => {
    const Stub = createRoutesStub([{ path: '/', Component: () => <SiteFooter settings={settings} year={2027} /> }]);
    render(<Stub />);
    expect(screen.getByRole('link', { name: '+254 20 123 4567' })).toHaveAttribute('href', 'tel:+254201234567');
    expect(screen.getByRole('link', { name: 'info@summit.example.org' })).toHaveAttribute('href', 'mailto:info@summit.example.org');
    expect(screen.getByRole('link', { name: 'registration@summit.example.org' })).toBeInTheDocument();
    for (const name of ['TikTok', 'Instagram', 'Twitter/X', 'Facebook', 'YouTube']) expect(screen.getByRole('link', { name })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'National Cancer Institute' })).toHaveAttribute('href', 'https://institute.example');
    expect(screen.getByRole('link', { name: 'Ministry of Health' })).toHaveAttribute('href', 'https://ministry.example');
    expect(screen.getByText(/© 2027 National Cancer Institute/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    expect(screen.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', '/terms-and-conditions');
  });

  it('reaches every page the navigation does not: checkout, services, research, awareness, work with us', () => {
    const Stub = createRoutesStub([{ path: '/', Component: () => <SiteFooter settings={settings} year={2027} /> }]);
    render(<Stub />);
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    for (const path of ['/checkout', '/services', '/research', '/awareness', '/work-with-us', '/careers', '/tenders', '/blogs', '/events', '/faq', '/donate'])
      expect(hrefs, path).toContain(path);
    expect(screen.getByRole('link', { name: 'Pay or view my ticket' })).toHaveAttribute('href', '/checkout');
    // Each destination once.
    const internal = hrefs.filter((h) => h?.startsWith('/'));
    expect(new Set(internal).size).toBe(internal.length);
  });
});
