import type { MetaFunction } from 'react-router';
import { FormAlert } from '../../components/fields.tsx';
import { formatMoney } from '../../components/format.ts';
import { pageMeta } from '../../components/page-meta.ts';
import { useSiteSettings } from '../../data/site-settings.ts';
import { BoothBookingForm, PartnerApplicationForm } from './ApplicationForms.tsx';
import { LoadingLine } from '../../components/LoadingLine.tsx';

export const meta: MetaFunction = () => pageMeta('Partner With Us', 'Partnership tiers and benefits, partner applications and booth booking.');

export default function PartnershipsPage() {
  const settings = useSiteSettings();
  const s = settings.data;
  return (
    <div className="container-page py-12">
      <h1>Partner With Us</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700">
        Partners make the summit possible and meet the clinicians, researchers and policy makers who shape cancer care.
      </p>
      {settings.isPending ? (
        <LoadingLine>Loading partnership options…</LoadingLine>
      ) : settings.isError || !s ? (
        <FormAlert>We could not load the partnership options. Check your connection and reload the page.</FormAlert>
      ) : (
        <>
          <section aria-labelledby="tiers" className="mt-10">
            <h2 id="tiers">Partnership tiers</h2>
            <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {Object.entries(s.partnerTiers).map(([key, tier]) => (
                <li key={key} className="rounded-lg border border-slate-200 p-4">
                  <h3 className="text-lg font-semibold">{tier.label}</h3>
                  <p className="mt-1 font-medium text-brand-700">{formatMoney(tier.fee, s.currency)}</p>
                  <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
                    {(tier.benefits ?? []).map((b) => (
                      <li key={b}>{b}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="apply" className="mt-12 max-w-3xl">
            <h2 id="apply">Apply to partner</h2>
            <PartnerApplicationForm settings={s} />
          </section>
          <section id="register" aria-labelledby="booth" className="mt-12 max-w-3xl">
            <h2 id="booth">Book a Booth</h2>
            <p className="mt-2 text-slate-700">Exhibit at the summit: choose a booth type and tell us what you need.</p>
            <BoothBookingForm settings={s} />
          </section>
        </>
      )}
    </div>
  );
}
