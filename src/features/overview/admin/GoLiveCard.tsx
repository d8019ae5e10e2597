// Before the summit goes live: what settings still hold as demo or missing values (data/go-live.ts),
// each linking to Settings, and whether registration is held closed by them.
import { Link, href } from 'react-router';
import { goLiveGaps } from '../../../data/go-live.ts';
import type { SiteSettings } from '../../../data/site-settings-schema.ts';

export function GoLiveCard({ settings }: { settings: Partial<SiteSettings> }) {
  const gaps = goLiveGaps(settings);
  const blocking = gaps.some((g) => g.blocksRegistration);
  return (
    <section aria-labelledby="go-live-title" className="rounded-lg border border-slate-200 p-4 xl:col-span-2">
      <h2 id="go-live-title" className="text-lg">
        Before going live
      </h2>
      {gaps.length === 0 ? (
        <p className="mt-2 text-slate-700">Nothing left: no setting is a demo value or missing.</p>
      ) : (
        <>
          <p className="mt-2 text-slate-700">
            {gaps.length === 1 ? 'One setting is' : `${gaps.length} settings are`} still a demo value or missing.
            {blocking &&
              (settings.registrationOpen
                ? ' Registration is open, so payers are being told to pay into the payment details marked below: replace them now.'
                : ' Registration cannot be opened until the payment details are real: payers would be told to pay into them.')}
          </p>
          <ul className="mt-3 space-y-1">
            {gaps.map((g) => (
              <li key={g.label} className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-medium text-slate-900">{g.label}</span>
                {g.blocksRegistration && (
                  <span className="text-sm text-red-800">{settings.registrationOpen ? '(payers are told to use it)' : '(keeps registration closed)'}</span>
                )}
                <Link className="text-sm text-brand-700 underline" to={href('/admin/settings')}>
                  Fill in “{g.field}” in Settings
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
