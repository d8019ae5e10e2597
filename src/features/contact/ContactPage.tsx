import type { MetaFunction } from 'react-router';
import { pageMeta } from '../../components/page-meta.ts';
import { DEFAULT_SETTINGS } from '../../content/site.ts';
import { useSiteSettings } from '../settings/api.ts';

export const meta: MetaFunction = () => pageMeta('Contact Us', 'Contact the summit organisers.');

export default function ContactPage() {
  const { data: s = DEFAULT_SETTINGS } = useSiteSettings();
  return (
    <div className="container-page py-12">
      <h1>Contact Us</h1>
      <p className="mt-4 text-lg text-slate-700">Questions about registration, partnership or the programme? We answer within two working days.</p>
      <ul className="mt-6 space-y-1">
        {s.contactPhone && <li>Phone: {s.contactPhone}</li>}
        {s.contactEmails.map((e) => (
          <li key={e}>
            Email: <a className="text-brand-700 underline" href={`mailto:${e}`}>{e}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
