import { Link } from 'react-router';
import { FOOTER_LINKS, INSTITUTE_LINKS, LEGAL_LINKS } from '../../content/links.ts';
import { SOCIAL_LABELS } from '../../content/site.ts';
import type { SiteSettings } from '../../data/site-settings-schema.ts';

function LinkList({ links, className = 'mt-3 space-y-1' }: { links: ReadonlyArray<{ to: string; label: string }>; className?: string }) {
  return (
    <ul className={className}>
      {links.map((l) => (
        <li key={l.to}>
          <Link className="hover:underline" to={l.to}>
            {l.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

type FooterSettings = Pick<SiteSettings, 'summitName' | 'contactPhone' | 'contactEmails' | 'social' | 'instituteName' | 'instituteUrl' | 'ministryUrl'>;

export function SiteFooter({ settings, year = new Date().getFullYear() }: { settings: FooterSettings; year?: number }) {
  const socials = (Object.keys(SOCIAL_LABELS) as Array<keyof typeof SOCIAL_LABELS>).filter((k) => settings.social[k]);
  return (
    <footer className="mt-16 bg-brand-800 text-brand-50">
      <div className="container-page grid gap-8 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <nav aria-label="Footer: the summit">
          <h2 className="text-base font-semibold text-white">The summit</h2>
          <LinkList links={FOOTER_LINKS} />
        </nav>
        <nav aria-label="Footer: the institute">
          <h2 className="text-base font-semibold text-white">The institute</h2>
          <LinkList links={INSTITUTE_LINKS} />
        </nav>
        <div>
          <h2 className="text-base font-semibold text-white">Organisers</h2>
          <ul className="mt-3 space-y-1">
            <li>
              <a className="hover:underline" href={settings.instituteUrl} rel="noopener" target="_blank">
                {settings.instituteName}
              </a>
            </li>
            <li>
              <a className="hover:underline" href={settings.ministryUrl} rel="noopener" target="_blank">
                Ministry of Health
              </a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-base font-semibold text-white">Contact</h2>
          <ul className="mt-3 space-y-1">
            {settings.contactPhone && (
              <li>
                <a className="hover:underline" href={`tel:${settings.contactPhone.replace(/\s+/g, '')}`}>
                  {settings.contactPhone}
                </a>
              </li>
            )}
            {settings.contactEmails.map((email) => (
              <li key={email}>
                <a className="hover:underline" href={`mailto:${email}`}>
                  {email}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="text-base font-semibold text-white">Follow us</h2>
          <ul className="mt-3 space-y-1">
            {socials.map((k) => (
              <li key={k}>
                <a className="hover:underline" href={settings.social[k]} rel="noopener" target="_blank">
                  {SOCIAL_LABELS[k]}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-brand-700">
        <div className="container-page flex flex-col gap-2 py-4 text-sm sm:flex-row sm:justify-between">
          <p>
            © {year} {settings.instituteName}. All rights reserved.
          </p>
          <nav aria-label="Legal">
            <LinkList links={LEGAL_LINKS} className="flex gap-4" />
          </nav>
        </div>
      </div>
    </footer>
  );
}
